import { parseSchedule } from '@cmp/shared';

/** Longest single timer; Node's timers overflow past ~24.8 days, so long waits are re-armed. */
const MAX_TIMER_MS = 24 * 60 * 60 * 1000;

/**
 * EventBridge's stand-in: fires `start` at each time the schedule expression names (the same
 * setting the CDK rule uses), until stopped. `now` is the clock it reads (tests set it just before
 * a scheduled time, since schedules go by the minute).
 */
export function startScheduler(
  expression: string,
  start: () => Promise<void>,
  log: (line: string) => void,
  now: () => number = Date.now,
) {
  const next = parseSchedule(expression);
  let timer: NodeJS.Timeout | undefined;
  let due = next(new Date(now()));
  const arm = () => {
    const wait = due.getTime() - now();
    timer = setTimeout(
      () => {
        if (now() < due.getTime()) return arm();
        due = next(new Date(now()));
        start().catch((error: Error) => log(`Scheduled price check did not start: ${error.message}`));
        arm();
      },
      Math.max(0, Math.min(wait, MAX_TIMER_MS)),
    );
    timer.unref();
  };
  arm();
  return {
    nextRun: () => due,
    stop: () => clearTimeout(timer),
  };
}
