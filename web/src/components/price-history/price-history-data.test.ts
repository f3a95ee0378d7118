import { describe, expect, it } from 'vitest';
import { axisTimeLabel, type CompetitorHistory, priceHistoryData } from './price-history-data';

const record = (price: number | null, scraped_at: string, currency: string | null = 'GBP') => ({
  price,
  currency,
  scraped_at,
});

const shopA: CompetitorHistory = {
  id: 1,
  name: 'shop-a.example',
  // Newest first, as the API sends them; the gaps between checks are uneven.
  records: [
    record(18, '2026-11-05T09:00:00Z'),
    record(null, '2026-11-04T09:00:00Z'),
    record(21, '2026-11-01T09:30:00Z'),
  ],
};
const shopB: CompetitorHistory = {
  id: 2,
  name: 'shop-b.example',
  records: [record(25, '2026-11-04T09:00:05Z'), record(24, '2026-11-01T09:30:00Z')],
};

describe('priceHistoryData', () => {
  it('gives one series per competitor and rows oldest first, placed by the time of the check', () => {
    const data = priceHistoryData([shopA, shopB], { current: 20 }, 'GBP', 'UTC');

    expect(data?.series).toEqual([
      { key: 'url1', name: 'shop-a.example', points: 2 },
      { key: 'url2', name: 'shop-b.example', points: 2 },
    ]);
    expect(data?.rows).toEqual([
      { at: Date.parse('2026-11-01T09:30:00Z'), url1: 21, url2: 24, ours: 20 },
      { at: Date.parse('2026-11-04T09:00:05Z'), url2: 25, ours: 20 },
      { at: Date.parse('2026-11-05T09:00:00Z'), url1: 18, ours: 20 },
    ]);
    expect(data?.domain).toEqual([Date.parse('2026-11-01T09:30:00Z'), Date.parse('2026-11-05T09:00:00Z')]);
  });

  it('draws our price flat when it never changed, and names the range in the summary', () => {
    const data = priceHistoryData([shopA, shopB], { current: 20 }, 'GBP', 'UTC');

    expect(data?.ourPrice).toBe(20);
    expect(data?.summary).toBe(
      'Prices from Nov 1, 2026, 09:30 AM to Nov 5, 2026, 09:00 AM: lowest £18.00 at shop-a.example, ' +
        'highest £25.00 at shop-b.example; our price £20.00.',
    );
  });

  it('draws our price as it was at each time: earlier changes set where it starts, later ones are points', () => {
    const changes = [
      // Any order, as a caller may have them.
      { at: '2026-11-06T08:00:00Z', old_price: 19, new_price: 17.5 },
      { at: '2026-10-20T10:00:00Z', old_price: 25, new_price: 22 },
      { at: '2026-11-02T12:00:00Z', old_price: 22, new_price: 19 },
    ];

    const data = priceHistoryData([shopA, shopB], { current: 17.5, changes }, 'GBP', 'UTC');

    expect(data?.rows.map((row) => [new Date(row.at).toISOString(), row.ours])).toEqual([
      ['2026-11-01T09:30:00.000Z', 22],
      ['2026-11-02T12:00:00.000Z', 19],
      ['2026-11-04T09:00:05.000Z', 19],
      ['2026-11-05T09:00:00.000Z', 19],
      ['2026-11-06T08:00:00.000Z', 17.5],
    ]);
    expect(data?.domain).toEqual([Date.parse('2026-11-01T09:30:00Z'), Date.parse('2026-11-06T08:00:00Z')]);
    expect(data?.summary).toBe(
      'Prices from Nov 1, 2026, 09:30 AM to Nov 5, 2026, 09:00 AM: lowest £18.00 at shop-a.example, ' +
        'highest £25.00 at shop-b.example; our price £17.50, changed 2 times since Nov 2, 2026, 12:00 PM (from £22.00).',
    );
  });

  it('starts our line at the price a later change changed from, and names a single change', () => {
    const changes = [{ at: '2026-11-03T00:00:00Z', old_price: 23, new_price: 20 }];

    const data = priceHistoryData([shopB], { current: 20, changes }, 'GBP', 'UTC');

    expect(data?.rows.map((row) => row.ours)).toEqual([23, 20, 20]);
    expect(data?.summary).toContain('; our price £20.00, changed from £23.00 on Nov 3, 2026, 12:00 AM.');
  });

  it('leaves out prices in another currency and says so', () => {
    const euro: CompetitorHistory = {
      id: 3,
      name: 'shop-eu.example',
      records: [record(19, '2026-11-02T10:00:00Z', 'EUR')],
    };

    const data = priceHistoryData([shopB, euro], { current: 20 }, 'GBP', 'UTC');

    expect(data?.series.map((series) => series.name)).toEqual(['shop-b.example']);
    expect(data?.rows.some((row) => 'url3' in row)).toBe(false);
    expect(data?.summary).toContain('Prices in other currencies than GBP are not drawn.');
  });

  it('draws a single check an hour either side, with one price in the summary', () => {
    const data = priceHistoryData(
      [{ id: 4, name: 'shop-c.example', records: [record(9.5, '2026-11-03T12:00:00Z', null)] }],
      { current: 10 },
      'GBP',
      'UTC',
    );

    expect(data?.domain).toEqual([Date.parse('2026-11-03T11:00:00Z'), Date.parse('2026-11-03T13:00:00Z')]);
    // Our line spans the hour either side too.
    expect(data?.rows.map((row) => row.ours)).toEqual([10, 10, 10]);
    expect(data?.summary).toBe(
      'Prices from Nov 3, 2026, 12:00 PM to Nov 3, 2026, 12:00 PM: £9.50 at shop-c.example; our price £10.00.',
    );
  });

  it('has nothing to draw without a price', () => {
    expect(priceHistoryData([], { current: 20 }, 'GBP')).toBeNull();
    expect(
      priceHistoryData(
        [{ id: 5, name: 'x', records: [record(null, '2026-11-03T12:00:00Z')] }],
        { current: 20 },
        'GBP',
      ),
    ).toBeNull();
  });
});

describe('axisTimeLabel', () => {
  const at = Date.parse('2026-03-05T14:07:00Z');

  it('shows the time too when the chart spans less than two days', () => {
    expect(axisTimeLabel(at, 3_600_000, 'UTC')).toBe('Mar 5, 02:07 PM');
  });

  it('shows the day alone over longer spans', () => {
    expect(axisTimeLabel(at, 5 * 86_400_000, 'UTC')).toBe('Mar 5');
  });
});
