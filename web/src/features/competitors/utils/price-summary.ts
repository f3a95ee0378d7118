// What the competitor price dialog shows (docs/screens.md#price-dialog), computed from the detail answer.
// The price shown and compared is the latest one a check accepted: a later check held for review, or one
// that could not read the page, leaves it in place (docs/rules.md#19-check-outcomes), and the dialog says so.
import {
  awaitsDecision,
  type CheckOutcomeKind,
  type CompetitorUrlDetail,
  competitorComparisonText,
  formatDateTime,
  formatMoney,
  OUTCOME_LABELS,
  type PriceRecord,
  type PriceTrend,
  priceTrend,
  UNREACHABLE_OUTCOMES,
  uncountedReason,
} from '@cmp/shared';
import { type CheckFacts, type CheckView, checkView, stalePriceNote } from '../../../lib/check-view';
import { comparedText, notConvertedReason } from '../../../lib/compared-text';

/** docs/rules.md#17-client-timings-and-limits: the dialog lists the latest 5 records. */
export const PRICE_HISTORY_LENGTH = 5;

export type StockText = 'In stock' | 'Out of stock' | 'Unknown';

export interface PriceHistoryEntry {
  id: string;
  date: string;
  /** The check's outcome as its badge text ('OK', 'Blocked', ...). */
  result: string;
  price: string;
  stock: StockText;
}

export interface PriceSummary {
  /** The price compared with ours, or N/A. */
  latestPrice: string;
  /** What the comparison made of it when not the price itself (converted, with shipping); null otherwise. */
  compared: string | null;
  trend: PriceTrend;
  stock: StockText;
  lastUpdated: string;
  ourPrice: string;
  comparison: string;
  /** The latest check in full; null before the first. */
  latestCheck: CheckView | null;
  /** 'Compared price from …; latest check …: …' when the compared price is older than the latest check. */
  staleNote: string | null;
  /** Set while the latest check's price waits for a person's decision. */
  review: { checkedAt: string } | null;
  history: PriceHistoryEntry[];
}

export function stockText(inStock: boolean | null | undefined): StockText {
  if (inStock === true) return 'In stock';
  return inStock === false ? 'Out of stock' : 'Unknown';
}

const recordPrice = (record: PriceRecord, shopCurrency: string) =>
  formatMoney(record.price, record.currency ?? shopCurrency);

/** Checks that leave the compared price as it was: held for review, or the page could not be read. */
const keepsComparedPrice = (outcome: CheckOutcomeKind) =>
  outcome === 'review' || UNREACHABLE_OUTCOMES.includes(outcome);

/** The newest record the comparison still uses; none once a page read showed no price for the product. */
function comparedRecord(records: readonly PriceRecord[]): PriceRecord | undefined {
  for (const record of records) {
    if (record.outcome === 'ok') return record;
    if (!keepsComparedPrice(record.outcome)) return undefined;
  }
  return undefined;
}

/**
 * Our price is in the shop currency; a competitor price in another currency is compared after
 * conversion when a usable rate converts it (docs/rules.md#27-currencies-and-shipping).
 * `timeZone` is for tests; the browser's zone is used otherwise.
 */
export function priceSummary(
  detail: CompetitorUrlDetail,
  shopCurrency: string,
  timeZone?: string,
): PriceSummary {
  const records = [...detail.price_data].sort((a, b) => Date.parse(b.scraped_at) - Date.parse(a.scraped_at));
  const newest = records[0];
  // The URL's own last_check is the authority; records kept without it (older data) stand in.
  const latest: (CheckFacts & { in_stock: boolean | null }) | null =
    detail.last_check ?? (newest ? { ...newest, checked_at: newest.scraped_at } : null);
  const compared = comparedRecord(records);
  const ours = detail.product.current_price;
  return {
    latestPrice: compared ? recordPrice(compared, shopCurrency) : formatMoney(null, shopCurrency),
    compared:
      compared && detail.compared
        ? comparedText(detail.compared, (amount) => formatMoney(amount, shopCurrency))
        : null,
    trend: priceTrend(records.filter((record) => record.outcome === 'ok')),
    stock: stockText(latest?.in_stock),
    lastUpdated: formatDateTime(latest?.checked_at, timeZone),
    ourPrice: formatMoney(ours, shopCurrency),
    comparison: comparison(ours, compared, shopCurrency, detail.compared),
    latestCheck: latest ? checkView(latest, timeZone) : null,
    staleNote: stalePriceNote(compared?.scraped_at ?? null, latest, timeZone),
    review:
      detail.last_check && awaitsDecision(detail.last_check)
        ? { checkedAt: detail.last_check.checked_at }
        : null,
    history: records.slice(0, PRICE_HISTORY_LENGTH).map((record) => ({
      id: record.id,
      date: formatDateTime(record.scraped_at, timeZone),
      result: OUTCOME_LABELS[record.outcome],
      price: recordPrice(record, shopCurrency),
      stock: stockText(record.in_stock),
    })),
  };
}

/**
 * The compared record against ours: the amount the comparison uses (`judged`, the dashboard's view:
 * converted, with shipping) where the API gave it, else the record's own price in the shop currency.
 */
function comparison(
  ours: number,
  compared: PriceRecord | undefined,
  shopCurrency: string,
  judged: CompetitorUrlDetail['compared'],
): string {
  if (compared?.price == null) return 'No competitor price yet';
  const currency = compared.currency?.toUpperCase();
  const foreign = currency !== undefined && currency !== shopCurrency.toUpperCase();
  if (foreign && judged?.compared_price == null) return notConvertedReason(currency, judged?.stale_rate_date);
  const uncounted = uncountedReason(compared);
  if (uncounted) return uncounted;
  const amount = judged?.compared_price ?? compared.price;
  return competitorComparisonText(ours, amount, (value) => formatMoney(value, shopCurrency));
}
