import { describe, expect, it } from 'vitest';
import { priceTrend } from './price-trend';

const at = (price: number | null, day: number) => ({
  price,
  scraped_at: `2026-01-${String(day).padStart(2, '0')}T10:00:00Z`,
});

describe('priceTrend', () => {
  it('is up, down or stable from the latest two records', () => {
    expect(priceTrend([at(12, 3), at(10, 2), at(50, 1)])).toBe('up');
    expect(priceTrend([at(9.99, 3), at(10, 2)])).toBe('down');
    expect(priceTrend([at(10, 3), at(10, 2), at(1, 1)])).toBe('stable');
  });

  it('treats 0.1 + 0.2 and 0.3 as the same price', () => {
    expect(priceTrend([at(0.1 + 0.2, 2), at(0.3, 1)])).toBe('stable');
  });

  it('uses the newest two even when the records come oldest first', () => {
    expect(priceTrend([at(50, 1), at(10, 2), at(12, 3)])).toBe('up');
  });

  it('has no data with fewer than two records or a missing price', () => {
    expect(priceTrend([])).toBe('no_data');
    expect(priceTrend([at(10, 1)])).toBe('no_data');
    expect(priceTrend([at(null, 2), at(10, 1)])).toBe('no_data');
  });
});
