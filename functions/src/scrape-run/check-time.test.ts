import { describe, expect, it } from 'vitest';
import { checkTimeBucket, medianCheckMs } from './check-time';

const counted = (times: number[]) => {
  const buckets = new Map<number, number>();
  for (const ms of times) buckets.set(checkTimeBucket(ms), (buckets.get(checkTimeBucket(ms)) ?? 0) + 1);
  return buckets;
};

describe("a host's check times", () => {
  it('give their median to within a tenth', () => {
    for (const times of [[1200], [300, 1500, 900], [50, 60, 70, 8000, 9000], [20_000, 20_000, 40, 25_000]]) {
      const exact = [...times].sort((a, b) => a - b)[Math.ceil(times.length / 2) - 1] as number;
      const median = medianCheckMs(counted(times)) as number;
      expect(median).toBeGreaterThanOrEqual(exact);
      expect(median).toBeLessThanOrEqual(exact * 1.1 + 1);
    }
  });

  it('have no median before any check, and count a check under a millisecond as one', () => {
    expect(medianCheckMs(new Map())).toBeNull();
    expect(medianCheckMs(counted([0]))).toBe(1);
  });
});
