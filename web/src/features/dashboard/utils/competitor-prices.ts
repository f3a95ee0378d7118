// The competitor price dialog's rows (docs/screens.md#competitor-prices-dialog): competitors with a price,
// dearest first, each compared with our price unless its currency is not the shop's (decision 4) or the check
// is not sure of it (a guess of the model's, or below the confidence floor): those are shown, with why.
import {
  type CompetitorPrice,
  competitorNameFromUrl,
  dashboardComparisonText,
  formatDateTime,
  formatMoney,
  uncountedReason,
} from '@cmp/shared';
import { type StockText, stockText } from './analysis-view';

export interface CompetitorPriceRow {
  id: number;
  name: string;
  url: string;
  stock: StockText;
  price: string;
  lastUpdated: string;
  /** 'Prices are equal', 'Higher by X' or 'Lower by X'; null when the price is not compared. */
  comparison: string | null;
  /** Why a price is not compared with ours ('Not compared: …'); null when it is. */
  notCompared: string | null;
}

function notComparedReason(entry: CompetitorPrice): string | null {
  if (entry.currency_mismatch) return `Not compared: price in ${entry.currency ?? 'another currency'}`;
  return uncountedReason(entry);
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
    .map((entry) => {
      const notCompared = notComparedReason(entry);
      return {
        id: entry.competitor_url_id,
        name: entry.competitor_name.trim() || competitorNameFromUrl(entry.url),
        url: entry.url,
        stock: stockText(entry.in_stock),
        price: money(entry.price, entry.currency ?? shopCurrency),
        lastUpdated: formatDateTime(entry.scraped_at),
        comparison: notCompared
          ? null
          : dashboardComparisonText(ourPrice, entry.price, (amount) => money(amount, shopCurrency)),
        notCompared,
      };
    });
}
