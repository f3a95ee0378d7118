import { parseSchedule } from '@cmp/shared';

/** Longest single timer; Node's timers overflow past ~24.8 days, so long waits are re-armed. */
const MAX_TIMER_MS = 24 * 60 * 60 * 1000;

/**
 * EventBridge's stand-in: fires `start` at each time the schedule expression names (the same
 * setting the CDK rule uses), until stopped. `now` is the clock it reads (tests set it just before
 * a scheduled time, since schedules go by the minute). A time it cannot work out (a cron past its
 * last year, a date out of range) ends the schedule with a log line: a timer armed with NaN would
 * fire at once, again and again.
 */
export function startScheduler(
  expression: string,
  start: () => Promise<void>,
  log: (line: string) => void,
  now: () => number = Date.now,
) {
  const next = parseSchedule(expression);
  let timer: NodeJS.Timeout | undefined;
  const nextAfter = (time: number): Date | undefined => {
    try {
      const due = next(new Date(time));
      return Number.isFinite(due.getTime()) ? due : undefined;
    } catch {
      return undefined;
    }
  };
  let due = nextAfter(now());
  const arm = () => {
    const at = due?.getTime() ?? Number.NaN;
    const wait = at - now();
    if (!Number.isFinite(wait)) {
      due = undefined;
      return log(`The schedule ${expression} names no later time; no more scheduled price checks`);
    }
    timer = setTimeout(
      () => {
        if (now() < at) return arm();
        due = nextAfter(now());
        start().catch((error: Error) => log(`Scheduled price check did not start: ${error.message}`));
        arm();
      },
      Math.max(0, Math.min(wait, MAX_TIMER_MS)),
    );
    timer.unref();
  };
  arm();
  return {
    /** The next time it fires; undefined once it has none. */
    nextRun: () => due,
    stop: () => clearTimeout(timer),
  };
}
