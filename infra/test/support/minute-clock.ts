const DAY_MS = 86_400_000;

/** Milliseconds from `now` to the next `hh:mm` UTC (a whole day when it is that time now). */
export function untilUtc(hour: number, minute: number, now = Date.now()): number {
  const wait = ((hour * 60 + minute) * 60_000 - (now % DAY_MS) + DAY_MS) % DAY_MS;
  return wait === 0 ? DAY_MS : wait;
}

/**
 * A scheduler clock for tests: a schedule fires at most every 15 minutes, so tests name a time of
 * day (`cron(0 6 * * ? *)`), and from its first reading on the clock reads as if the next `hh:mm`
 * UTC were `leadMs` away. `firstReadAt()` is when it was first read (undefined: never).
 */
export function clockBefore(hour: number, minute: number, leadMs: number) {
  let firstRead: number | undefined;
  let offset: number | undefined;
  return {
    now: () => {
      const now = Date.now();
      firstRead ??= now;
      offset ??= untilUtc(hour, minute, now) - leadMs;
      return now + offset;
    },
    firstReadAt: () => firstRead,
  };
}
