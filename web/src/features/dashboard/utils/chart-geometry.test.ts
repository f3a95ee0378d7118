import { describe, expect, it } from 'vitest';
import { chartSeries } from './chart-geometry';

const box = { width: 100, height: 50, padding: 5 };

describe('chartSeries', () => {
  it('puts the oldest record left and the lowest price at the bottom', () => {
    const series = chartSeries(
      [
        { price: 12, scraped_at: '2026-11-03T00:00:00Z' },
        { price: 10, scraped_at: '2026-11-01T00:00:00Z' },
        { price: 14, scraped_at: '2026-11-02T00:00:00Z' },
      ],
      box,
    );

    expect(series?.points.map(({ x, y, price }) => ({ x, y, price }))).toEqual([
      { x: 5, y: 45, price: 10 },
      { x: 50, y: 5, price: 14 },
      { x: 95, y: 25, price: 12 },
    ]);
    expect(series?.path).toBe('M5 45 L50 5 L95 25');
    expect([series?.min, series?.max]).toEqual([10, 14]);
  });

  it('centres one record and a flat series', () => {
    expect(chartSeries([{ price: 9, scraped_at: '2026-11-01T00:00:00Z' }], box)?.points).toEqual([
      { x: 50, y: 25, price: 9, scraped_at: '2026-11-01T00:00:00Z' },
    ]);
    const flat = chartSeries(
      [
        { price: 9, scraped_at: '2026-11-01T00:00:00Z' },
        { price: 9, scraped_at: '2026-11-02T00:00:00Z' },
      ],
      box,
    );
    expect(flat?.points.map((point) => point.y)).toEqual([25, 25]);
  });

  it('skips records without a price and has nothing to draw without any', () => {
    expect(
      chartSeries(
        [
          { price: null, scraped_at: '2026-11-01T00:00:00Z' },
          { price: 5, scraped_at: '2026-11-02T00:00:00Z' },
        ],
        box,
      )?.points,
    ).toHaveLength(1);
    expect(chartSeries([{ price: null, scraped_at: '2026-11-01T00:00:00Z' }], box)).toBeNull();
    expect(chartSeries([], box)).toBeNull();
  });
});
