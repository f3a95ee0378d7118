import {
  ADMINS_ONLY_SCHEDULE,
  type PublicUser,
  type ScraperSchedule,
  type ScraperScheduleInput,
} from '@cmp/shared';
import { requireAdmin } from '../auth/require-admin';
import { nextRunOf } from './next-scheduled-run';
import { readScheduleRule, type ScheduleSetting, writeScheduleRule } from './schedule-rule';

/** The schedule as the panel shows it: EventBridge rules read their expression in UTC. */
export async function scraperSchedule(): Promise<ScraperSchedule> {
  return scheduleOf(await readScheduleRule());
}

/** Sets the schedule (admins only) and answers it as it now stands. */
export async function changeSchedule(
  caller: PublicUser,
  input: ScraperScheduleInput,
): Promise<ScraperSchedule> {
  requireAdmin(caller, ADMINS_ONLY_SCHEDULE);
  await writeScheduleRule(input);
  return scheduleOf(input);
}

async function scheduleOf(setting: ScheduleSetting): Promise<ScraperSchedule> {
  return {
    enabled: setting.enabled,
    expression: setting.expression,
    timezone: 'UTC',
    next_run_at: await nextRunOf(setting),
  };
}
