// The competitor price dialog's rows (docs/screens.md#competitor-prices-dialog): competitors with a price,
// dearest first, each compared with our price unless its currency is not the shop's (decision 4) or the check
// is not sure of it (a guess of the model's, below the confidence floor, held for review): those are shown,
// with why. Each row carries its latest check, which may be newer than the price compared; the competitors
// without a price are listed apart, so a blocked or failing one is never invisible.
import {
  awaitsDecision,
  type CompetitorPrice,
  competitorNameFromUrl,
  dashboardComparisonText,
  formatDateTime,
  formatMoney,
  uncountedReason,
} from '@cmp/shared';
import { type CheckView, checkView, stalePriceNote } from '../../../lib/check-view';
import { comparedText, notConvertedReason } from '../../../lib/compared-text';
import { type StockText, stockText } from './analysis-view';

export interface CompetitorPriceRow {
  id: number;
  name: string;
  url: string;
  stock: StockText;
  price: string;
  /**
   * What the comparison made of the price, when not the price itself: '£19.53, converted from USD
   * at 0.7812 on 2026-11-27', '£24.52 with £4.99 shipping'; null otherwise.
   */
  compared: string | null;
  lastUpdated: string;
  /** 'Prices are equal', 'Higher by X' or 'Lower by X'; null when the price is not compared. */
  comparison: string | null;
  /** Why a price is not compared with ours ('Not compared: …'); null when it is. */
  notCompared: string | null;
  /** The latest check; null when the URL reports none. */
  check: CheckView | null;
  /** 'Compared price from …; latest check …: …' when the compared price is older than the latest check. */
  staleNote: string | null;
  /** Set while the latest check's price waits for a person's decision. */
  review: { checkedAt: string } | null;
  /** Who picked the price's place on the page; null when nobody did. */
  pickedBy: string | null;
}

export interface UnpricedCompetitor {
  id: number;
  name: string;
  url: string;
  /** The latest check; null before the first. */
  check: CheckView | null;
}

const nameOf = (entry: CompetitorPrice) => entry.competitor_name.trim() || competitorNameFromUrl(entry.url);

function notComparedReason(entry: CompetitorPrice): string | null {
  if (entry.currency_mismatch)
    return notConvertedReason(entry.currency ?? 'another currency', entry.stale_rate_date);
  if (entry.stock_excluded) return 'Not compared: out of stock';
  // A price no check accepted yet is the latest check's: when held, its message says why.
  const review = !entry.accepted && entry.last_check?.outcome === 'review' ? entry.last_check.message : null;
  return uncountedReason({ ...entry, review });
}

/** `timeZone` is for tests; the browser's zone is used otherwise. */
export function competitorPriceRows(
  prices: readonly CompetitorPrice[],
  ourPrice: number,
  shopCurrency: string,
  timeZone?: string,
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
      const check = entry.last_check;
      return {
        id: entry.competitor_url_id,
        name: nameOf(entry),
        url: entry.url,
        stock: stockText(entry.in_stock),
        price: money(entry.price, entry.currency ?? shopCurrency),
        compared: comparedText(entry, (amount) => money(amount, shopCurrency)),
        lastUpdated: formatDateTime(entry.scraped_at, timeZone),
        comparison:
          notCompared || entry.compared_price === null
            ? null
            : dashboardComparisonText(ourPrice, entry.compared_price, (amount) =>
                money(amount, shopCurrency),
              ),
        notCompared,
        check: check ? checkView(check, timeZone) : null,
        staleNote: entry.accepted ? stalePriceNote(entry.scraped_at, check, timeZone) : null,
        review: check && awaitsDecision(check) ? { checkedAt: check.checked_at } : null,
        pickedBy: entry.picked_by ?? null,
      };
    });
}

/** The competitors the list above hides (no price), in their order, with their latest check. */
export function unpricedCompetitors(
  prices: readonly CompetitorPrice[],
  timeZone?: string,
): UnpricedCompetitor[] {
  return prices
    .filter((entry) => entry.price === null)
    .map((entry) => ({
      id: entry.competitor_url_id,
      name: nameOf(entry),
      url: entry.url,
      check: entry.last_check ? checkView(entry.last_check, timeZone) : null,
    }));
}
