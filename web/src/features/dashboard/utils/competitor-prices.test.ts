import type { CompetitorPrice } from '@cmp/shared';
import { describe, expect, it } from 'vitest';
import { competitorPriceRows } from './competitor-prices';

const entry = (id: number, price: number | null, extra: Partial<CompetitorPrice> = {}): CompetitorPrice => ({
  competitor_url_id: id,
  competitor_name: `Shop ${id}`,
  url: `https://www.shop${id}.example/p`,
  price,
  currency: price === null ? null : 'GBP',
  in_stock: true,
  confidence: 0.9,
  scraped_at: '2026-11-21T09:00:00Z',
  error_message: null,
  currency_mismatch: false,
  counted: true,
  accepted: true,
  last_check: null,
  ...extra,
});

describe('competitorPriceRows', () => {
  it('hides competitors without a price and lists the rest dearest first', () => {
    const rows = competitorPriceRows([entry(1, 45), entry(2, null), entry(3, 52), entry(4, 50)], 50, 'GBP');

    expect(rows.map((row) => row.id)).toEqual([3, 4, 1]);
  });

  it('compares each price with ours within a penny', () => {
    const rows = competitorPriceRows([entry(1, 45), entry(3, 52), entry(4, 50.004)], 50, 'GBP');

    expect(rows.map((row) => row.comparison)).toEqual([
      'Higher by £2.00',
      'Prices are equal',
      'Lower by £5.00',
    ]);
  });

  it('names a competitor by its host when it has no name, and shows stock and date', () => {
    const [row] = competitorPriceRows([entry(1, 45, { competitor_name: ' ', in_stock: false })], 50, 'GBP');

    expect(row).toEqual(
      expect.objectContaining({ name: 'shop1.example', stock: 'Out of Stock', price: '£45.00' }),
    );
    expect(row?.lastUpdated).toMatch(/2026/);
  });

  it('shows a price in another currency without comparing it', () => {
    const [row] = competitorPriceRows(
      [entry(1, 20, { currency: 'EUR', currency_mismatch: true })],
      50,
      'GBP',
    );

    expect(row).toEqual(
      expect.objectContaining({
        price: '€20.00',
        comparison: null,
        notCompared: 'Not compared: price in EUR',
      }),
    );
  });

  it('shows a price the check is not sure of without comparing it, and says why', () => {
    const rows = competitorPriceRows(
      [
        entry(1, 0.01, { counted: false, ungrounded: true, confidence: 0.3 }),
        entry(2, 40, { counted: false, confidence: 0.42 }),
      ],
      50,
      'GBP',
    );

    expect(rows.map(({ price, comparison, notCompared }) => ({ price, comparison, notCompared }))).toEqual([
      { price: '£40.00', comparison: null, notCompared: 'Not compared: low confidence (42 %)' },
      {
        price: '£0.01',
        comparison: null,
        notCompared: 'Not compared: only the AI found this price, the page does not show it',
      },
    ]);
  });

  it('is empty when no competitor has a price', () => {
    expect(competitorPriceRows([entry(1, null)], 50, 'GBP')).toEqual([]);
  });
});
