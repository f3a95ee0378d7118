import { isRateSchedule, nextScheduledRun } from '@cmp/shared';
import { latestRuns } from '../data/scrape-run.repository';
import { logger } from '../logger';
import { scrapeRunSettings } from './scrape-run.config';

/** How far back a rate schedule's last firing is looked for: one run at a time, so a few suffice. */
const RECENT_RUNS = 20;

/**
 * When the schedule (SCRAPE_SCHEDULE) next starts a run, as ISO; null when scheduled runs are off
 * or the expression uses what we cannot read (L, W, #: EventBridge's to judge). A rate counts on
 * from the latest scheduled run; only a rate needs that read.
 */
export async function nextScheduledRunAt(now = new Date()): Promise<string | null> {
  const { SCHEDULE_ENABLED, SCRAPE_SCHEDULE } = scrapeRunSettings();
  if (!SCHEDULE_ENABLED) return null;
  const lastFired = isRateSchedule(SCRAPE_SCHEDULE)
    ? (await latestRuns(RECENT_RUNS)).find((run) => run.triggered_by === 'schedule')?.started_at
    : undefined;
  try {
    return nextScheduledRun(SCRAPE_SCHEDULE, now, lastFired ? new Date(lastFired) : null).toISOString();
  } catch (error) {
    logger().warn('The next scheduled run cannot be worked out', { schedule: SCRAPE_SCHEDULE, error });
    return null;
  }
}
