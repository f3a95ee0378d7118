// Follows runs while the dashboard is open, on either tab: the status is polled while a run is on (a
// start from the panel or a product's AI analysis revalidates it), and a run's start and end reload
// what they change. Kept apart from the panel, which loads only when its tab is first opened.
import { DEFAULT_SCRAPER_LOGS_LIMIT } from '@cmp/shared';
import { useEffect, useRef } from 'react';
import {
  reloadAfterRun,
  reloadScraperLogs,
  reloadScraperStats,
  useScraperStatus,
} from '../../../api/scraper';
import { POLL_INTERVAL_MS } from '../utils/session-view';

/**
 * When a run starts (seen through the status), the sessions and statistics reload; when it ends, so
 * does what it changed: the Price Overview too.
 */
export function useFollowRuns(): void {
  const isRunning = useScraperStatus(POLL_INTERVAL_MS).data?.is_running;
  const previous = useRef(isRunning);
  useEffect(() => {
    if (previous.current === false && isRunning) {
      void reloadScraperLogs(DEFAULT_SCRAPER_LOGS_LIMIT);
      void reloadScraperStats();
    }
    if (previous.current && isRunning === false) void reloadAfterRun(DEFAULT_SCRAPER_LOGS_LIMIT);
    previous.current = isRunning;
  }, [isRunning]);
}
