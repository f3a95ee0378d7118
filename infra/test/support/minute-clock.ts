/**
 * A scheduler clock for tests: schedules go by the minute, so from its first reading on it reads
 * as if the next minute were `leadMs` away. `firstReadAt()` is when it was first read (undefined:
 * never).
 */
export function nextMinuteClock(leadMs: number) {
  let firstRead: number | undefined;
  let offset: number | undefined;
  return {
    now: () => {
      const now = Date.now();
      firstRead ??= now;
      offset ??= 60_000 - (now % 60_000) - leadMs;
      return now + offset;
    },
    firstReadAt: () => firstRead,
  };
}
