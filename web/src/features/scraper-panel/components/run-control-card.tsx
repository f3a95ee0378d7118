// The header card: competitor URLs, last run and success rate, and the next scheduled run; the running
// notice with progress by outcome; and the Check My Price Now / Stop Scraper / Refresh buttons (a viewer
// gets Refresh only).
import {
  DEFAULT_SCRAPER_LOGS_LIMIT,
  SCRAPING_STARTED_MESSAGE,
  SCRAPING_STOPPED_MESSAGE,
  type ScraperStats,
  type ScraperStatus,
} from '@cmp/shared';
import { LoaderCircle, Play, RefreshCw, Square } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { reloadScraperLogs, reloadScraperStatus, startScraping, stopScraping } from '../../../api/scraper';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { figureOf, NO_FIGURE } from '../../../lib/figure';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCanWrite } from '../../../lib/write-access';
import {
  finishText,
  lastRunText,
  nextRunText,
  type ProgressPart,
  rateText,
  runProgress,
} from '../utils/session-view';

export function RunControlCard({
  status,
  stats,
  onRefresh,
}: {
  status: ScraperStatus;
  stats: ScraperStats | undefined;
  onRefresh(): Promise<unknown>;
}) {
  const [starting, setStarting] = useState(false);
  const [stopping, setStopping] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const canWrite = useCanWrite();

  const start = async () => {
    setStarting(true);
    try {
      // The server's message, or the same text from shared should an answer lack one.
      notifySuccess((await startScraping()) || SCRAPING_STARTED_MESSAGE);
    } catch (error) {
      notifyError(error, 'Failed to start scraping');
    } finally {
      setStarting(false);
    }
  };

  const stop = async () => {
    setStopping(true);
    try {
      notifySuccess((await stopScraping()) || SCRAPING_STOPPED_MESSAGE);
      await Promise.all([reloadScraperStatus(), reloadScraperLogs(DEFAULT_SCRAPER_LOGS_LIMIT)]);
    } catch (error) {
      notifyError(error, 'Failed to stop scraping');
    } finally {
      setStopping(false);
    }
  };

  const refresh = async () => {
    setRefreshing(true);
    await onRefresh();
    setRefreshing(false);
  };

  return (
    <Card>
      <CardContent className="flex flex-col gap-4 pt-6">
        <dl className="grid gap-4 sm:grid-cols-3">
          <Figure term="Competitor URLs">{figureOf(status.total_competitor_urls) ?? NO_FIGURE}</Figure>
          <Figure term="Last run">{lastRunText(status.latest_log)}</Figure>
          <Figure term="Success rate">{stats ? rateText(stats.success_rate_percentage) : NO_FIGURE}</Figure>
        </dl>
        <p className="text-sm text-muted-foreground">{nextRunText(status.next_scheduled_run_at)}</p>
        {status.is_running ? (
          <RunningNotice stats={status.current_stats} finishAt={status.estimated_finish_at} />
        ) : null}
        <div className="flex flex-wrap gap-2">
          {canWrite ? (
            <Button onClick={() => void start()} disabled={status.is_running || starting}>
              {status.is_running || starting ? (
                <LoaderCircle className="animate-spin" aria-hidden="true" />
              ) : (
                <Play aria-hidden="true" />
              )}
              {status.is_running || starting ? 'Scraping...' : 'Check My Price Now'}
            </Button>
          ) : null}
          {canWrite && status.is_running ? (
            <Button variant="destructive" onClick={() => void stop()} disabled={stopping}>
              <Square aria-hidden="true" />
              {stopping ? 'Stopping...' : 'Stop Scraper'}
            </Button>
          ) : null}
          <Button variant="outline" onClick={() => void refresh()} disabled={refreshing}>
            <RefreshCw aria-hidden="true" className={refreshing ? 'animate-spin' : undefined} />
            Refresh
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function RunningNotice({
  stats,
  finishAt,
}: {
  stats: ScraperStatus['current_stats'];
  finishAt: ScraperStatus['estimated_finish_at'];
}) {
  const progress = runProgress(stats);
  return (
    <Alert className="border-info/40 bg-info/5">
      <LoaderCircle className="animate-spin text-info" aria-hidden="true" />
      <AlertDescription className="flex w-full flex-col gap-2">
        <p className="font-medium">Scraping is currently in progress...</p>
        <div
          role="progressbar"
          aria-label="Price check progress"
          aria-valuemin={0}
          aria-valuemax={progress.total}
          aria-valuenow={progress.done}
          aria-valuetext={`${progress.done} of ${progress.total} URLs checked`}
          className="flex h-2 w-full overflow-hidden rounded-full bg-muted"
        >
          {progress.parts ? (
            progress.parts.map((part) => (
              <div
                key={part.label}
                className={`h-full transition-all ${PART_COLOURS[part.label]}`}
                style={{ width: `${part.percent}%` }}
              />
            ))
          ) : (
            // Without counts by outcome, one part for everything checked so far.
            <div className="h-full bg-info transition-all" style={{ width: `${progress.percent}%` }} />
          )}
        </div>
        <p className="text-xs text-muted-foreground">
          {progress.done} of {progress.total} URLs checked ({stats.successful_urls} successful,{' '}
          {stats.failed_urls} failed)
        </p>
        {finishAt ? <p className="text-xs text-muted-foreground">{finishText(finishAt)}</p> : null}
        {progress.parts ? (
          <ul aria-label="Checked so far by outcome" className="flex flex-wrap gap-x-4 gap-y-1 text-xs">
            {progress.parts.map((part) => (
              <li key={part.label} className="flex items-center gap-1.5">
                <span aria-hidden="true" className={`size-2 rounded-full ${PART_COLOURS[part.label]}`} />
                {part.label}: <span className="tabular-nums">{part.count}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </AlertDescription>
    </Alert>
  );
}

// Named in the legend beside each colour, so the bar is not read by colour alone.
const PART_COLOURS: Record<ProgressPart['label'], string> = {
  'Price found': 'bg-success',
  'Held for review': 'bg-warning',
  Blocked: 'bg-destructive',
  'Other failures': 'bg-muted-foreground',
};

function Figure({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className="text-2xl font-bold tabular-nums">{children}</dd>
    </div>
  );
}
