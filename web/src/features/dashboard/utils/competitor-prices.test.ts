import type { CompetitorPrice, DashboardLastCheck } from '@cmp/shared';
import { describe, expect, it } from 'vitest';
import { competitorPriceRows, unpricedCompetitors } from './competitor-prices';

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
  compared_price: price,
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
        notCompared: 'Not compared: price in EUR, no exchange rate',
      }),
    );
  });

  it('compares a converted price, showing the original and the rate, and says when the rate is too old', () => {
    const conversion = {
      from_currency: 'USD',
      from_price: 25,
      rate: 0.7812,
      rate_date: '2026-11-27',
      source: 'manual' as const,
    };
    const [converted, stale] = competitorPriceRows(
      [
        entry(1, 25, { currency: 'USD', compared_price: 19.53, conversion }),
        entry(2, 10, {
          currency: 'USD',
          currency_mismatch: true,
          compared_price: null,
          stale_rate_date: '2026-11-19',
        }),
      ],
      20,
      'GBP',
    );

    expect(converted).toMatchObject({
      price: '$25.00',
      compared: '£19.53, converted from USD at 0.7812 on 2026-11-27',
      comparison: 'Lower by £0.47',
      notCompared: null,
    });
    expect(stale).toMatchObject({
      comparison: null,
      notCompared:
        "Not compared: price in USD, its exchange rate of 2026-11-19 is over 7 days from the price's day",
    });
  });

  it('compares a total with shipping, and says so', () => {
    const [row] = competitorPriceRows([entry(1, 18, { compared_price: 22.99, shipping: 4.99 })], 20, 'GBP');

    expect(row).toMatchObject({ compared: '£22.99 with £4.99 shipping', comparison: 'Higher by £2.99' });
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

  it('shows an out-of-stock price left out of the comparison, and says so', () => {
    const [row] = competitorPriceRows(
      [entry(1, 40, { counted: false, in_stock: false, stock_excluded: true })],
      50,
      'GBP',
    );

    expect(row).toMatchObject({
      price: '£40.00',
      comparison: null,
      notCompared: 'Not compared: out of stock',
    });
  });

  it('is empty when no competitor has a price', () => {
    expect(competitorPriceRows([entry(1, null)], 50, 'GBP')).toEqual([]);
  });
});

const check = (extra: Partial<DashboardLastCheck>): DashboardLastCheck => ({
  outcome: 'ok',
  message: 'Price found',
  checked_at: '2026-11-21T09:00:00Z',
  price: 45,
  currency: 'GBP',
  in_stock: true,
  consecutive_failures: 0,
  confidence: 0.9,
  ...extra,
});

const plain = (text: string | null | undefined) => text?.replace(/[\u202f\u00a0]/g, ' ');

describe('the latest check on each card', () => {
  it('shows the outcome and message of the check that found the price', () => {
    const [row] = competitorPriceRows([entry(1, 45, { last_check: check({}) })], 50, 'GBP');

    expect(row?.check).toMatchObject({ label: 'OK', message: 'Price found' });
    expect(row?.staleNote).toBeNull();
    expect(row?.review).toBeNull();
  });

  it('says the compared price is older when a later check held a new one for review, and offers the decision', () => {
    const held = check({
      outcome: 'review',
      message:
        'Held for review: 4.50 GBP is under 1/2 of the last accepted 45.00 GBP, and only one source shows it',
      checked_at: '2026-11-22T09:00:00Z',
      price: 4.5,
    });
    const [row] = competitorPriceRows([entry(1, 45, { last_check: held })], 50, 'GBP', 'UTC');

    expect(row).toMatchObject({
      price: '£45.00',
      comparison: 'Lower by £5.00',
      review: { checkedAt: held.checked_at },
    });
    expect(plain(row?.staleNote)).toBe(
      `Compared price from Nov 21, 2026, 09:00 AM; latest check Nov 22, 2026, 09:00 AM: ${held.message}`,
    );
  });

  it("says why a held first price is not compared, in the check's words", () => {
    const held = check({ outcome: 'review', message: 'Held for review: low confidence (42 %)', price: 40 });
    const [row] = competitorPriceRows(
      [entry(1, 40, { accepted: false, counted: false, confidence: 0.42, last_check: held })],
      50,
      'GBP',
    );

    expect(row).toMatchObject({
      comparison: null,
      notCompared: 'Not compared: held for review: low confidence (42 %)',
      staleNote: null,
      review: { checkedAt: held.checked_at },
    });
  });

  it('keeps the last accepted price of a blocked shop, with the advice', () => {
    const blocked = check({
      outcome: 'blocked',
      message: 'Blocked: the shop showed a captcha instead of the product page',
      checked_at: '2026-11-23T09:00:00Z',
      price: null,
      consecutive_failures: 2,
    });
    const [row] = competitorPriceRows([entry(1, 45, { last_check: blocked })], 50, 'GBP');

    expect(row?.check).toMatchObject({
      label: 'Blocked',
      advice:
        'The shop refuses automated checks: ask it to allow CheckMyPriceBot, use its product feed, or remove this URL.',
    });
    expect(row?.staleNote).toMatch(/: Blocked: the shop showed a captcha instead of the product page$/);
  });
});

describe('unpricedCompetitors', () => {
  it('lists the competitors without a price with their latest check, so none is invisible', () => {
    const blocked = check({
      outcome: 'blocked',
      message: 'Blocked: the shop refused the request (HTTP 403)',
      price: null,
    });
    const rows = unpricedCompetitors([
      entry(1, 45, { last_check: check({}) }),
      entry(2, null, { last_check: blocked }),
      entry(3, null, { competitor_name: '' }),
    ]);

    expect(rows.map(({ id, name, url }) => ({ id, name, url }))).toEqual([
      { id: 2, name: 'Shop 2', url: 'https://www.shop2.example/p' },
      { id: 3, name: 'shop3.example', url: 'https://www.shop3.example/p' },
    ]);
    expect(rows[0]?.check).toMatchObject({ label: 'Blocked', message: blocked.message });
    expect(rows[0]?.check?.advice).toMatch(/^The shop refuses automated checks/);
    expect(rows[1]?.check).toBeNull();
  });
});
