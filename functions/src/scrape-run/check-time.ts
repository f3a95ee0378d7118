/**
 * A host's check times, kept per run as counts in buckets about 10 % wide (a bucket's number is
 * ceil(log1.1(ms))), so a run's many checks of a host add up in one item with one write each, and
 * its median is read back to within a tenth.
 */
const RATIO = 1.1;

/** The bucket of a check that took `ms` (at least 1 ms). */
export const checkTimeBucket = (ms: number): number =>
  Math.max(0, Math.ceil(Math.log(Math.max(1, ms)) / Math.log(RATIO)));

/** The median of the counted times (each bucket read as its upper end), whole ms; null with none. */
export function medianCheckMs(buckets: ReadonlyMap<number, number>): number | null {
  const total = [...buckets.values()].reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  let seen = 0;
  for (const bucket of [...buckets.keys()].sort((a, b) => a - b)) {
    seen += buckets.get(bucket) ?? 0;
    if (seen * 2 >= total) return Math.round(RATIO ** bucket);
  }
  return null;
}
