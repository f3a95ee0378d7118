import { describe, expect, it } from 'vitest';
import type { CompetitorObservation } from './dashboard';
import type { RateBook } from './exchange-rates';
import { comparePrices } from './price-judging';
import { suggestionFor } from './price-suggestions';
import { pricingRuleSchema } from './pricing-rules';

const observation = (
  id: number,
  price: number,
  currency: string,
  extra: Partial<CompetitorObservation> = {},
): CompetitorObservation => ({
  competitor_url_id: id,
  competitor_name: `shop${id}`,
  url: `https://shop${id}.example/p`,
  price,
  currency,
  in_stock: true,
  confidence: 0.9,
  scraped_at: '2026-11-27T10:00:00Z',
  error_message: null,
  accepted: true,
  last_check: null,
  ...extra,
});
const rates: RateBook = { manual: { USD: { rate: 0.7812, date: '2026-11-27' } }, reference: {} };
const staleRates: RateBook = { manual: { USD: { rate: 0.7812, date: '2026-11-19' } }, reference: {} };

describe('a price in another currency', () => {
  it('is compared after conversion at a usable rate, which the price carries', () => {
    const { comparison } = comparePrices(
      20,
      [observation(1, 25, 'USD'), observation(2, 21, 'GBP')],
      'GBP',
      0.5,
      {
        rates,
      },
    );
    expect(comparison).toMatchObject({ status: 'HIGHER', lowest_competitor_price: 19.53 });
    expect(comparison.competitor_prices[0]).toMatchObject({
      price: 25,
      currency: 'USD',
      currency_mismatch: false,
      compared_price: 19.53,
      conversion: {
        from_currency: 'USD',
        from_price: 25,
        rate: 0.7812,
        rate_date: '2026-11-27',
        source: 'manual',
      },
    });
  });

  it('is not compared with a rate 8 days from its day, and says which', () => {
    const { comparison } = comparePrices(20, [observation(1, 25, 'USD')], 'GBP', 0.5, { rates: staleRates });
    expect(comparison.status).toBe('NO_DATA');
    expect(comparison.competitor_prices[0]).toMatchObject({
      currency_mismatch: true,
      compared_price: null,
      stale_rate_date: '2026-11-19',
    });
  });
});

describe('shipping', () => {
  const shipping = { 'shop1.example': { flat: 4.99, free_over: 50 } };
  it('is added to the compared price while the comparison adds it, and free from its threshold', () => {
    const prices = [observation(1, 20, 'GBP'), observation(2, 60, 'GBP', { url: 'https://shop1.example/q' })];
    const withShipping = comparePrices(22, prices, 'GBP', 0.5, { withShipping: true, shipping });
    expect(withShipping.comparison.competitor_prices.map((c) => [c.compared_price, c.shipping])).toEqual([
      [24.99, 4.99],
      [60, 0],
    ]);
    expect(withShipping.comparison.status).toBe('LOWER');
    expect(comparePrices(22, prices, 'GBP', 0.5, { shipping }).comparison.status).toBe('HIGHER');
  });
});

describe('suggestions over generated prices in other currencies', () => {
  const rule = {
    id: 1,
    ...pricingRuleSchema.parse({
      name: 'Match',
      scope: 'all',
      target: 'match_lowest',
      competitors: 'all',
      floor: { amount: 1 },
    }),
  };
  it('use the converted price with a usable rate, and none with only a stale one', () => {
    let seed = 11;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let n = 0; n < 300; n++) {
      const usd = Math.round((5 + random() * 200) * 100) / 100;
      const rate = Math.round((0.5 + random()) * 10_000) / 10_000;
      const ageDays = Math.floor(random() * 12);
      const date = new Date(Date.parse('2026-11-27') - ageDays * 86_400_000).toISOString().slice(0, 10);
      const book: RateBook = { manual: { USD: { rate, date } }, reference: {} };
      const { comparison } = comparePrices(100, [observation(1, usd, 'USD')], 'GBP', 0.5, { rates: book });
      const suggestion = suggestionFor([rule], {
        id: 1,
        sku: 'S',
        name: 'N',
        current_price: 100,
        cost: null,
        category_id: null,
        price_comparison: comparison,
      });
      const why = `${usd} USD at ${rate} of ${date}`;
      if (ageDays <= 7) {
        const converted = Math.round(usd * rate * 100 + 1e-6) / 100;
        expect(suggestion.suggested_price, why).toBe(Math.max(1, converted));
      } else {
        expect(suggestion.suggested_price, why).toBeNull();
        expect(suggestion.reason, why).toBe('Match: Too few competitors: 0 of the 1 needed');
      }
    }
  });
});
