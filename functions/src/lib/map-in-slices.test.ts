import { describe, expect, it } from 'vitest';
import { mapInSlices } from './map-in-slices';

describe('mapInSlices', () => {
  it('maps every item in order, across slices', async () => {
    const items = Array.from({ length: 4_321 }, (_, i) => i);

    expect(await mapInSlices(items, (n) => n * 2)).toEqual(items.map((n) => n * 2));
    expect(await mapInSlices([], (n: number) => n)).toEqual([]);
  });

  it('lets other work run between slices', async () => {
    const order: string[] = [];
    const mapped = mapInSlices(
      Array.from({ length: 5_000 }, (_, i) => i),
      (n) => {
        if (n % 2_000 === 0) order.push(`slice from ${n}`);
        // A call arriving while the first slice is mapped.
        if (n === 0) setImmediate(() => order.push('a call answered'));
        return n;
      },
    );
    await mapped;

    expect(order).toEqual(['slice from 0', 'a call answered', 'slice from 2000', 'slice from 4000']);
  });
});
