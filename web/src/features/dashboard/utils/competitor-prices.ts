// The competitor price dialog's rows (spec §2): competitors with a price, dearest first, each
// compared with our price unless its currency is not the shop's (decision 4).
import {
  type CompetitorPrice,
  competitorNameFromUrl,
  dashboardComparisonText,
  formatDateTime,
  formatMoney,
} from '@cmp/shared';
import { type StockText, stockText } from './analysis-view';

export interface CompetitorPriceRow {
  id: number;
  name: string;
  url: string;
  stock: StockText;
  price: string;
  lastUpdated: string;
  /** 'Prices are equal', 'Higher by X' or 'Lower by X'; null when the currency differs. */
  comparison: string | null;
  /** The currency of a price that is not compared with ours. */
  mismatchedCurrency: string | null;
}

export function competitorPriceRows(
  prices: readonly CompetitorPrice[],
  ourPrice: number,
  shopCurrency: string,
): CompetitorPriceRow[] {
  const money = (amount: number, currency: string) => {
    try {
      return formatMoney(amount, currency);
    } catch {
      return `${amount.toFixed(2)} ${currency}`;
    }
  };
  return prices
    .filter((entry): entry is CompetitorPrice & { price: number } => entry.price !== null)
    .sort((a, b) => b.price - a.price)
    .map((entry) => ({
      id: entry.competitor_url_id,
      name: entry.competitor_name.trim() || competitorNameFromUrl(entry.url),
      url: entry.url,
      stock: stockText(entry.in_stock),
      price: money(entry.price, entry.currency ?? shopCurrency),
      lastUpdated: formatDateTime(entry.scraped_at),
      comparison: entry.currency_mismatch
        ? null
        : dashboardComparisonText(ourPrice, entry.price, (amount) => money(amount, shopCurrency)),
      mismatchedCurrency: entry.currency_mismatch ? entry.currency : null,
    }));
}
