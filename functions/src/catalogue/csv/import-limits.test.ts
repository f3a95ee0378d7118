import { describe, expect, it } from 'vitest';
import { rowsUpTo, stopAfter } from './import-limits';

describe('rowsUpTo', () => {
  it('counts the rows up to each row asked, however the numbers came', () => {
    const dealt = rowsUpTo([9, 2, 5, 3, 12]);

    expect([dealt(1), dealt(3), dealt(8), dealt(12), dealt(Number.POSITIVE_INFINITY)]).toEqual([
      0, 2, 3, 5, 5,
    ]);
  });
});

describe('stopAfter', () => {
  const batch = [{ row: 4 }, { row: 7 }];

  it("stops after the batch's last row when the time is up and rows are left", () => {
    expect(stopAfter(batch, true, () => true)).toBe(7);
  });

  it('goes on while there is time, and ends without a stop when nothing is left or nobody asks', () => {
    expect(stopAfter(batch, true, () => false)).toBeNull();
    expect(stopAfter(batch, false, () => true)).toBeNull();
    expect(stopAfter(batch, true, undefined)).toBeNull();
  });
});
