// What the competitor price dialog shows (docs/screens.md#price-dialog), computed from the detail answer.
import {
  type CompetitorUrlDetail,
  competitorComparisonText,
  formatDateTime,
  formatMoney,
  type PriceRecord,
  type PriceTrend,
  priceTrend,
  uncountedReason,
} from '@cmp/shared';

/** docs/rules.md#17-client-timings-and-limits: the dialog lists the latest 5 records. */
export const PRICE_HISTORY_LENGTH = 5;

export type StockText = 'In stock' | 'Out of stock' | 'Unknown';

export interface PriceHistoryEntry {
  id: string;
  date: string;
  price: string;
  stock: StockText;
}

export interface PriceSummary {
  latestPrice: string;
  trend: PriceTrend;
  stock: StockText;
  lastUpdated: string;
  ourPrice: string;
  comparison: string;
  history: PriceHistoryEntry[];
}

export function stockText(inStock: boolean | null | undefined): StockText {
  if (inStock === true) return 'In stock';
  return inStock === false ? 'Out of stock' : 'Unknown';
}

const recordPrice = (record: PriceRecord, shopCurrency: string) =>
  formatMoney(record.price, record.currency ?? shopCurrency);

/**
 * Our price is in the shop currency; a competitor price in another currency is not compared (decision 4).
 * `timeZone` is for tests; the browser's zone is used otherwise.
 */
export function priceSummary(
  detail: CompetitorUrlDetail,
  shopCurrency: string,
  timeZone?: string,
): PriceSummary {
  const records = [...detail.price_data].sort((a, b) => Date.parse(b.scraped_at) - Date.parse(a.scraped_at));
  const latest = records[0];
  const ours = detail.product.current_price;
  return {
    latestPrice: latest ? recordPrice(latest, shopCurrency) : formatMoney(null, shopCurrency),
    trend: priceTrend(records),
    stock: stockText(latest?.in_stock),
    lastUpdated: formatDateTime(latest?.scraped_at, timeZone),
    ourPrice: formatMoney(ours, shopCurrency),
    comparison: comparison(ours, latest, shopCurrency),
    history: records.slice(0, PRICE_HISTORY_LENGTH).map((record) => ({
      id: record.id,
      date: formatDateTime(record.scraped_at, timeZone),
      price: recordPrice(record, shopCurrency),
      stock: stockText(record.in_stock),
    })),
  };
}

function comparison(ours: number, latest: PriceRecord | undefined, shopCurrency: string): string {
  if (latest?.price == null) return 'No competitor price yet';
  const currency = latest.currency?.toUpperCase();
  if (currency && currency !== shopCurrency.toUpperCase()) {
    return `Not compared: the competitor's price is in ${currency}`;
  }
  const uncounted = uncountedReason(latest);
  if (uncounted) return uncounted;
  return competitorComparisonText(ours, latest.price, (amount) => formatMoney(amount, shopCurrency));
}
