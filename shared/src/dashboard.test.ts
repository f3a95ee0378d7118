import { describe, expect, it } from 'vitest';
import { type CompetitorObservation, countsInComparison, margin } from './dashboard';
import { dashboardComparisonText } from './price-comparison';
import { comparePrices } from './price-judging';

const seen = (
  id: number,
  price: number | null,
  currency: string | null = 'GBP',
  scraped_at = '2026-11-20T10:00:00.000Z',
) =>
  ({
    competitor_url_id: id,
    competitor_name: `shop${id}.example`,
    url: `https://shop${id}.example/p`,
    price,
    currency,
    in_stock: price === null ? null : true,
    confidence: price === null ? null : 0.9,
    scraped_at,
    error_message: price === null ? 'No price found on the page' : null,
    accepted: price !== null,
    last_check: {
      outcome: price === null ? 'no_price' : 'ok',
      message: price === null ? 'No price found on the page' : 'Price found',
      checked_at: scraped_at,
      price,
      currency,
      in_stock: price === null ? null : true,
      confidence: price === null ? null : 0.9,
      consecutive_failures: 0,
    },
  }) satisfies CompetitorObservation;

describe('comparePrices', () => {
  it('is HIGHER when our £49.99 is above the cheapest £45.00: difference £4.99, 11.09 % of the lowest', () => {
    const { comparison, best } = comparePrices(49.99, [seen(1, 52), seen(2, 45), seen(3, null)], 'GBP');

    expect(comparison).toEqual(
      expect.objectContaining({
        status: 'HIGHER',
        price_difference: 4.99,
        price_difference_percentage: 11.09,
        lowest_competitor_price: 45,
        competitor_count: 3,
        competitors_with_data: 2,
      }),
    );
    expect(best?.competitor_url_id).toBe(2);
  });

  it('is LOWER when our £19.00 is under the cheapest £20.00: difference −£1.00, −5 %', () => {
    const { comparison } = comparePrices(19, [seen(1, 20), seen(2, 25.5)], 'GBP');

    expect(comparison).toEqual(
      expect.objectContaining({ status: 'LOWER', price_difference: -1, price_difference_percentage: -5 }),
    );
  });

  it('is SAME within a penny, and not at a penny', () => {
    expect(comparePrices(10.004, [seen(1, 10)], 'GBP').comparison.status).toBe('SAME');
    expect(comparePrices(10.01, [seen(1, 10)], 'GBP').comparison.status).toBe('HIGHER');
    expect(comparePrices(9.99, [seen(1, 10)], 'GBP').comparison.status).toBe('LOWER');
  });

  it('decides SAME on the raw prices, as the competitor dialog does, not on the rounded difference', () => {
    // £10.006 against £10.00 is 0.6p apart: equal, though the difference rounds to £0.01.
    const above = comparePrices(10.006, [seen(1, 10)], 'GBP').comparison;
    const below = comparePrices(9.994, [seen(1, 10)], 'GBP').comparison;

    expect(above.status).toBe('SAME');
    expect(dashboardComparisonText(10.006, 10, String)).toBe('Prices are equal');
    expect(below.status).toBe('SAME');
    // 1.4p apart is not equal, though the difference rounds to the same £0.01.
    expect(comparePrices(10.014, [seen(1, 10)], 'GBP').comparison.status).toBe('HIGHER');
  });

  it('is NO_DATA when no competitor has a price, or there are no competitors', () => {
    expect(comparePrices(10, [seen(1, null)], 'GBP').comparison).toEqual(
      expect.objectContaining({
        status: 'NO_DATA',
        price_difference: null,
        lowest_competitor_price: null,
        competitors_with_data: 0,
      }),
    );
    expect(comparePrices(10, [], 'GBP').comparison.status).toBe('NO_DATA');
  });

  it('leaves prices in another currency out of the comparison but shows them, flagged', () => {
    const { comparison, best } = comparePrices(30, [seen(1, 20, 'EUR'), seen(2, 28)], 'GBP');

    expect(comparison.lowest_competitor_price).toBe(28);
    expect(best?.competitor_url_id).toBe(2);
    expect(comparison.competitor_prices.map((c) => c.currency_mismatch)).toEqual([true, false]);
    expect(comparison.competitors_with_data).toBe(2);
    expect(comparePrices(30, [seen(1, 20, 'USD')], 'GBP').comparison.status).toBe('NO_DATA');
  });

  it('compares a price whose currency the page did not tell as the shop’s own', () => {
    expect(comparePrices(30, [seen(1, 25, null)], 'GBP').comparison.status).toBe('HIGHER');
  });

  it('gives no percentage against a price of zero', () => {
    expect(comparePrices(5, [seen(1, 0)], 'GBP').comparison.price_difference_percentage).toBeNull();
  });

  it('shows a guessed price the page does not show but never compares or counts it', () => {
    const guess = { ...seen(2, 0.01), confidence: 0.3, ungrounded: true };

    const { comparison, best } = comparePrices(20, [seen(1, 25.99), guess], 'GBP');

    expect(comparison).toEqual(
      expect.objectContaining({
        status: 'LOWER',
        lowest_competitor_price: 25.99,
        competitor_count: 2,
        competitors_with_data: 1,
      }),
    );
    expect(best?.competitor_url_id).toBe(1);
    expect(comparison.competitor_prices.map((c) => [c.price, c.counted])).toEqual([
      [25.99, true],
      [0.01, false],
    ]);
  });

  it('compares the accepted price while a newer check is held for review, and shows that check', () => {
    const held = {
      ...seen(1, 100, 'GBP', '2026-11-19T10:00:00Z'),
      last_check: {
        ...seen(1, 1, 'GBP', '2026-11-20T10:00:00Z').last_check,
        outcome: 'review' as const,
        message: 'Held for review: 1.00 GBP is under 1/2 of the last accepted 100.00 GBP',
      },
    };
    const neverAccepted = { ...seen(2, 5), accepted: false };

    const { comparison } = comparePrices(50, [held, neverAccepted], 'GBP');

    expect(comparison).toEqual(
      expect.objectContaining({ status: 'LOWER', lowest_competitor_price: 100, competitors_with_data: 1 }),
    );
    expect(comparison.competitor_prices.map((c) => c.counted)).toEqual([true, false]);
    expect(comparison.latest_ai_analysis).toEqual(
      expect.objectContaining({ competitor_url_id: 1, price: 1, outcome: 'review' }),
    );
  });

  it('leaves a price below the confidence floor out, and the floor is the caller’s', () => {
    const unsure = { ...seen(1, 15), confidence: 0.45 };

    expect(comparePrices(20, [unsure], 'GBP').comparison).toEqual(
      expect.objectContaining({ status: 'NO_DATA', competitors_with_data: 0 }),
    );
    expect(comparePrices(20, [unsure], 'GBP', 0.4).comparison).toEqual(
      expect.objectContaining({ status: 'HIGHER', competitors_with_data: 1 }),
    );
  });

  it('summarises the most recent check as the latest AI analysis', () => {
    const { comparison } = comparePrices(
      10,
      [seen(1, 9, 'GBP', '2026-11-20T10:00:00Z'), seen(2, null, 'GBP', '2026-11-21T10:00:00Z')],
      'GBP',
    );

    expect(comparison.latest_ai_analysis).toEqual(
      expect.objectContaining({
        competitor_url_id: 2,
        price: null,
        error_message: 'No price found on the page',
      }),
    );
  });
});

describe('countsInComparison', () => {
  it('counts a price at or above the floor, never one without a price or confidence, or the model’s alone', () => {
    expect(countsInComparison({ price: 10, confidence: 0.5 }, 0.5)).toBe(true);
    expect(countsInComparison({ price: 10, confidence: 0.49 }, 0.5)).toBe(false);
    expect(countsInComparison({ price: null, confidence: 0.9 }, 0.5)).toBe(false);
    expect(countsInComparison({ price: 10, confidence: null }, 0)).toBe(false);
    expect(countsInComparison({ price: 10, confidence: 0.9, ungrounded: true }, 0)).toBe(false);
    expect(countsInComparison({ price: 10, confidence: 0.9, ungrounded: false }, 0.5)).toBe(true);
  });
});

describe('margin', () => {
  it('is price minus cost, and that as a percent of cost to one decimal', () => {
    expect(margin(49.99, 30)).toEqual({ amount: 19.99, percent: 66.6 });
  });

  it('is 0.0 % when cost is not positive, and has no amount without a cost', () => {
    expect(margin(10, 0)).toEqual({ amount: 10, percent: 0 });
    expect(margin(10, null)).toEqual({ amount: null, percent: 0 });
  });
});
