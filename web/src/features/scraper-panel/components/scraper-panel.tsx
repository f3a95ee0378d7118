// The 'Check My Price' tab (docs/screens.md#6-dashboard-check-my-price-tab): run control with live
// progress, the schedule, 30-day statistics and the latest sessions. Status, logs and stats load together; the status
// is polled while a run is active, and the dashboard route follows its start and end (use-follow-runs.ts).
import { DEFAULT_SCRAPER_LOGS_LIMIT } from '@cmp/shared';
import { useEffect, useRef } from 'react';
import { toast } from 'react-toastify';
import {
  reloadScraperLogs,
  reloadScraperStats,
  reloadScraperStatus,
  useScraperLogs,
  useScraperStats,
  useScraperStatus,
} from '../../../api/scraper';
import { LoadError } from '../../../components/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { sessionsWithStatus } from '../utils/live-sessions';
import { POLL_INTERVAL_MS } from '../utils/session-view';
import { RunControlCard } from './run-control-card';
import { ScheduleCard } from './schedule-card';
import { SessionsTable } from './sessions-table';
import { StatisticsCard } from './statistics-card';

/** `canEditSchedule`: the signed-in user is an admin (staff see the schedule read-only). */
export default function ScraperPanel({ canEditSchedule }: { canEditSchedule: boolean }) {
  const status = useScraperStatus(POLL_INTERVAL_MS);
  const logs = useScraperLogs(DEFAULT_SCRAPER_LOGS_LIMIT);
  const stats = useScraperStats();
  const firstLoadFailed = !status.data && !!status.error;
  useStartupFailureToast(firstLoadFailed);

  const refresh = () =>
    Promise.all([reloadScraperStatus(), reloadScraperLogs(DEFAULT_SCRAPER_LOGS_LIMIT), reloadScraperStats()]);

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h2 className="text-xl font-semibold tracking-tight">Price Check Control Panel</h2>
        <p className="text-muted-foreground">Check My Price and Monitor System Status</p>
      </div>
      {status.data ? (
        <>
          <RunControlCard status={status.data} stats={stats.data} onRefresh={refresh} />
          <ScheduleCard canEdit={canEditSchedule} />
          <StatisticsCard stats={stats.data} />
          <SessionsTable
            logs={logs.data && sessionsWithStatus(logs.data, status.data)}
            failed={!!logs.error && !logs.data}
          />
        </>
      ) : firstLoadFailed ? (
        <LoadError what="Scraper data" onRetry={() => void refresh()} />
      ) : (
        <div className="flex justify-center py-12">
          <Spinner label="Loading scraper data" className="size-8" />
        </div>
      )}
    </div>
  );
}

/**
 * docs/screens.md#6-dashboard-check-my-price-tab: scraper fetch errors are only logged, except that a
 * panel that cannot start says so once ('Failed to load scraper data').
 */
function useStartupFailureToast(failed: boolean) {
  const shown = useRef(false);
  useEffect(() => {
    if (failed && !shown.current) {
      shown.current = true;
      toast.error('Failed to load scraper data');
    }
  }, [failed]);
}
