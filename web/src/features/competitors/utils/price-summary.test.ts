import type { CompetitorUrlDetail, LastCheck, PriceRecord } from '@cmp/shared';
import { describe, expect, it } from 'vitest';
import { priceSummary, stockText } from './price-summary';

const record = (
  day: number,
  price: number | null,
  in_stock: boolean | null,
  currency = 'GBP',
  extra: Partial<PriceRecord> = {},
): PriceRecord => ({
  id: `r${day}`,
  price,
  currency,
  in_stock,
  scraped_at: `2026-01-${String(day).padStart(2, '0')}T09:30:00Z`,
  confidence: price === null ? null : 0.9,
  counted: price !== null,
  outcome: price === null ? 'no_price' : 'ok',
  message: price === null ? 'No price found on the page' : 'Price found',
  ...extra,
});

const detail = (
  price_data: PriceRecord[],
  current_price = 50,
  last_check: LastCheck | null = null,
): CompetitorUrlDetail => ({
  id: 1,
  product_id: 7,
  competitor_name: 'Argos',
  url: 'https://www.argos.co.uk/p/1',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  product: { name: 'Kettle', sku: 'KT-1', current_price },
  price_pin: null,
  last_check,
  price_data,
});

const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('priceSummary', () => {
  it('summarises the latest record, the trend and the comparison', () => {
    const summary = priceSummary(detail([record(3, 45, true), record(2, 47.5, false)]), 'GBP', 'UTC');
    expect(summary.latestPrice).toBe('£45.00');
    expect(summary.trend).toBe('down');
    expect(summary.stock).toBe('In stock');
    expect(plain(summary.lastUpdated)).toBe('Jan 3, 2026, 09:30 AM');
    expect(summary.ourPrice).toBe('£50.00');
    expect(summary.comparison).toBe('Competitor is £5.00 cheaper');
  });

  it('says we are cheaper, or equal within a penny', () => {
    expect(priceSummary(detail([record(1, 55.25, null)]), 'GBP').comparison).toBe('We are £5.25 cheaper');
    expect(priceSummary(detail([record(1, 50.004, null)]), 'GBP').comparison).toBe('Prices are equal');
  });

  it('lists the latest 5 records, newest first', () => {
    const records = [1, 2, 3, 4, 5, 6, 7].map((day) => record(day, day, day % 2 === 0));
    const { history } = priceSummary(detail(records), 'GBP', 'UTC');
    expect(history.map((entry) => entry.id)).toEqual(['r7', 'r6', 'r5', 'r4', 'r3']);
    expect(history[0]).toMatchObject({ price: '£7.00', stock: 'Out of stock' });
  });

  it("shows 'Never', N/A and no data without records", () => {
    const summary = priceSummary(detail([]), 'GBP');
    expect(summary).toMatchObject({
      latestPrice: 'N/A',
      trend: 'no_data',
      stock: 'Unknown',
      lastUpdated: 'Never',
      comparison: 'No competitor price yet',
      history: [],
    });
  });

  it('does not compare a price in another currency without a usable rate, and says which', () => {
    const summary = priceSummary(detail([record(1, 40, true, 'EUR')]), 'GBP');
    expect(plain(summary.latestPrice)).toBe('€40.00');
    expect(summary.comparison).toBe('Not compared: price in EUR, no exchange rate');
    const stale = {
      ...detail([record(1, 40, true, 'EUR')]),
      compared: { compared_price: null, currency_mismatch: true, stale_rate_date: '2025-12-20' },
    };
    expect(priceSummary(stale, 'GBP').comparison).toBe(
      "Not compared: price in EUR, its exchange rate of 2025-12-20 is over 7 days from the price's day",
    );
  });

  it('compares a converted price, and says from what', () => {
    const conversion = {
      from_currency: 'EUR',
      from_price: 40,
      rate: 0.84,
      rate_date: '2026-01-01',
      source: 'ecb' as const,
    };
    const summary = priceSummary(
      {
        ...detail([record(1, 40, true, 'EUR')]),
        compared: { compared_price: 33.6, currency_mismatch: false, conversion },
      },
      'GBP',
    );
    expect(plain(summary.latestPrice)).toBe('€40.00');
    expect(summary.compared).toBe('£33.60, converted from EUR at 0.84 on 2026-01-01');
    expect(plain(summary.comparison)).toBe('Competitor is £16.40 cheaper');
  });

  it('shows a price the check is not sure of without comparing it, and says why', () => {
    const guess = record(2, 0.01, true, 'GBP', { counted: false, ungrounded: true, confidence: 0.3 });
    const unsure = record(2, 40, true, 'GBP', { counted: false, confidence: 0.42 });

    expect(priceSummary(detail([guess, record(1, 45, true)]), 'GBP')).toMatchObject({
      latestPrice: '£0.01',
      comparison: 'Not compared: only the AI found this price, the page does not show it',
    });
    expect(priceSummary(detail([unsure]), 'GBP').comparison).toBe('Not compared: low confidence (42 %)');
  });
});

describe('the latest check', () => {
  const blocked = (day: number) =>
    record(day, null, null, 'GBP', {
      currency: null,
      outcome: 'blocked',
      message: 'Blocked: the shop refused the request (HTTP 403)',
    });
  /** The URL's last_check for the newest record, as the API reports it. */
  const lastCheckOf = (latest: PriceRecord, consecutive_failures = 0): LastCheck => ({
    outcome: latest.outcome,
    message: latest.message,
    checked_at: latest.scraped_at,
    price: latest.price,
    currency: latest.currency,
    in_stock: latest.in_stock,
    consecutive_failures,
  });

  it('keeps comparing the last price a blocked check could not replace, and says how old it is', () => {
    const records = [blocked(5), blocked(4), record(3, 45, true), record(2, 47.5, true)];
    const summary = priceSummary(
      detail(records, 50, lastCheckOf(records[0] as PriceRecord, 2)),
      'GBP',
      'UTC',
    );

    expect(summary).toMatchObject({
      latestPrice: '£45.00',
      trend: 'down',
      stock: 'Unknown',
      comparison: 'Competitor is £5.00 cheaper',
      review: null,
      latestCheck: {
        label: 'Blocked',
        tone: 'destructive',
        message: 'Blocked: the shop refused the request (HTTP 403)',
        advice:
          'The shop refuses automated checks: ask it to allow CheckMyPriceBot, use its product feed, or remove this URL.',
        failuresInRow: 'Could not be read in the last 2 checks',
      },
    });
    expect(plain(summary.lastUpdated)).toBe('Jan 5, 2026, 09:30 AM');
    expect(plain(summary.staleNote ?? '')).toBe(
      'Compared price from Jan 3, 2026, 09:30 AM; latest check Jan 5, 2026, 09:30 AM: Blocked: the shop refused the request (HTTP 403)',
    );
    expect(summary.history.map((entry) => entry.result)).toEqual(['Blocked', 'Blocked', 'OK', 'OK']);
  });

  it('offers the decision on a price held for review, comparing the accepted one meanwhile', () => {
    const held = record(4, 4.5, true, 'GBP', {
      outcome: 'review',
      counted: false,
      message:
        'Held for review: 4.50 GBP is under 1/2 of the last accepted 45.00 GBP, and only one source shows it',
    });
    const summary = priceSummary(detail([held, record(3, 45, true)], 50, lastCheckOf(held)), 'GBP', 'UTC');

    expect(summary).toMatchObject({
      latestPrice: '£45.00',
      comparison: 'Competitor is £5.00 cheaper',
      review: { checkedAt: held.scraped_at },
      latestCheck: { label: 'Review', tone: 'warning', advice: null },
    });
    expect(summary.staleNote).toMatch(/; latest check .*: Held for review: 4\.50 GBP is under/);
    expect(summary.history[0]).toMatchObject({ price: '£4.50', result: 'Review' });
  });

  it('compares nothing once the page shows no price for the product, and needs no note', () => {
    const gone = record(4, null, false, 'GBP', {
      outcome: 'out_of_stock_no_price',
      message: 'Out of stock, no price shown',
    });
    const summary = priceSummary(detail([gone, record(3, 45, true)], 50, lastCheckOf(gone)), 'GBP');

    expect(summary).toMatchObject({
      latestPrice: 'N/A',
      stock: 'Out of stock',
      comparison: 'No competitor price yet',
      staleNote: null,
      latestCheck: { label: 'Out of stock', message: 'Out of stock, no price shown' },
    });
  });

  it('takes the latest check from the newest record when the URL reports none, and has none without records', () => {
    expect(priceSummary(detail([record(2, 45, true)]), 'GBP').latestCheck).toMatchObject({
      label: 'OK',
      message: 'Price found',
    });
    expect(priceSummary(detail([]), 'GBP')).toMatchObject({
      latestCheck: null,
      review: null,
      staleNote: null,
    });
  });
});

describe('stockText', () => {
  it('never guesses the stock', () => {
    expect([true, false, null].map(stockText)).toEqual(['In stock', 'Out of stock', 'Unknown']);
  });
});
