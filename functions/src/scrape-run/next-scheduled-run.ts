import { isRateSchedule, nextScheduledRun } from '@cmp/shared';
import { latestRuns } from '../data/scrape-run.repository';
import { logger } from '../logger';
import { readScheduleRule, type ScheduleSetting } from './schedule-rule';

/** How far back a rate schedule's last firing is looked for: one run at a time, so a few suffice. */
const RECENT_RUNS = 20;

/**
 * When the schedule rule next starts a run, as ISO; null when scheduled runs are off, the rule
 * cannot be read, or the expression uses what we cannot read (L, W, #: EventBridge's to judge).
 */
export async function nextScheduledRunAt(now = new Date()): Promise<string | null> {
  let setting: ScheduleSetting;
  try {
    setting = await readScheduleRule();
  } catch (error) {
    // The status still answers without it; the schedule's own route reports the failure.
    logger().warn('The schedule rule cannot be read', { error });
    return null;
  }
  return nextRunOf(setting, now);
}

/** When `setting` next starts a run. A rate counts on from the latest scheduled run; only a rate needs that read. */
export async function nextRunOf(setting: ScheduleSetting, now = new Date()): Promise<string | null> {
  const { enabled, expression } = setting;
  if (!enabled) return null;
  const lastFired = isRateSchedule(expression)
    ? (await latestRuns(RECENT_RUNS)).find((run) => run.triggered_by === 'schedule')?.started_at
    : undefined;
  try {
    return nextScheduledRun(expression, now, lastFired ? new Date(lastFired) : null).toISOString();
  } catch (error) {
    logger().warn('The next scheduled run cannot be worked out', { schedule: expression, error });
    return null;
  }
}
