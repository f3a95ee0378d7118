import { type Shipping, shippingFor } from './comparison-settings';
import { hostOf } from './competitor-hosts';
import {
  type CompetitorObservation,
  type CompetitorPrice,
  compareJudgedPrices,
  countsInComparison,
  DEFAULT_PRICE_CONFIDENCE_FLOOR,
  isOutOfStock,
  type PriceComparison,
} from './dashboard';
import { convertAmount, EMPTY_RATE_BOOK, type RateBook, rateFor, toCents } from './exchange-rates';

/**
 * How one competitor price takes part in the comparison (docs/rules.md#1-price-comparison), the
 * same for the dashboard, the suggestions and the alerts: whether it counts (accepted and sure),
 * its amount in the shop's currency (converted at its day's rate), out of stock or not, and with
 * the host's shipping when the comparison adds it. The result is `compared_price`: null when the
 * price takes no part, with the reason in the other fields.
 */
export interface Judging {
  currency: string;
  /** The confidence a price needs (countsInComparison). */
  floor: number;
  inStockOnly: boolean;
  withShipping: boolean;
  rates: RateBook;
  /** Shipping per host, in the shop's currency. */
  shipping: Readonly<Record<string, Shipping>>;
}

/** Fields `judgePrice` sets. */
type Judged = Pick<
  CompetitorPrice,
  | 'counted'
  | 'currency_mismatch'
  | 'compared_price'
  | 'conversion'
  | 'stale_rate_date'
  | 'stock_excluded'
  | 'shipping'
>;

/**
 * Judges `price` in place: the dashboard judges 300,000 of them after a run, and a copy of each
 * cost as much again. `price.accepted`, `price`, `currency`, `confidence`, `ungrounded`, `in_stock`,
 * `last_check`, `scraped_at` and `url` are read.
 */
export function judgePrice(
  price: Omit<CompetitorPrice, keyof Judged> & Partial<Judged>,
  judging: Judging,
): asserts price is CompetitorPrice {
  const judged = price as CompetitorPrice;
  judged.counted = price.accepted && countsInComparison(price, judging.floor);
  judged.currency_mismatch = false;
  judged.compared_price = null;
  if (price.price === null) return;
  let amount = price.price;
  if (price.currency !== null && price.currency !== judging.currency) {
    const day = (price.scraped_at ?? '').slice(0, 10);
    const rate = rateFor(judging.rates, price.currency, judging.currency, day);
    if (rate === null || 'stale' in rate) {
      judged.currency_mismatch = true;
      if (rate) judged.stale_rate_date = rate.stale;
      return;
    }
    amount = convertAmount(price.price, rate.rate);
    judged.conversion = {
      from_currency: price.currency,
      from_price: price.price,
      rate: rate.rate,
      rate_date: rate.date,
      source: rate.source,
    };
  }
  if (!judged.counted) return;
  if (judging.inStockOnly && isOutOfStock(price)) {
    judged.counted = false;
    judged.stock_excluded = true;
    return;
  }
  if (judging.withShipping) {
    const shipping = shippingFor(judging.shipping[hostOf(price.url)], amount);
    if (shipping !== null) {
      judged.shipping = shipping;
      amount = toCents(amount + shipping);
    }
  }
  judged.compared_price = amount;
}

/**
 * Compares our price with the cheapest competitor's compared price (judgePrice): without rates,
 * settings or shipping, as the spec's comparison has it (tests and worked examples).
 */
export function comparePrices(
  ourPrice: number,
  competitors: readonly CompetitorObservation[],
  shopCurrency: string,
  confidenceFloor = DEFAULT_PRICE_CONFIDENCE_FLOOR,
  judging: Partial<Judging> = {},
): { comparison: PriceComparison; best: CompetitorPrice | null } {
  const settings: Judging = {
    currency: shopCurrency,
    floor: confidenceFloor,
    inStockOnly: false,
    withShipping: false,
    rates: EMPTY_RATE_BOOK,
    shipping: {},
    ...judging,
  };
  return compareJudgedPrices(
    ourPrice,
    competitors.map((c) => {
      const price = { ...c };
      judgePrice(price, settings);
      return price;
    }),
  );
}
