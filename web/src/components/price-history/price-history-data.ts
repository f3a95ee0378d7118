// What the price history chart draws (docs/screens.md#price-history-chart-both-price-dialogs), from the
// price records the price dialogs already load: one series per competitor URL, points placed by the time of
// their check, our own price as a step line from its kept changes (issue 33), and the summary that is the
// chart's text.
// Pure, so the shaping is tested without a DOM or the chart library.
import { formatDateTime, formatMoney, type OwnPriceChange, type PriceRecord } from '@cmp/shared';

/** One competitor URL's records, any order (the API sends newest first). */
export interface CompetitorHistory {
  id: number;
  name: string;
  records: readonly Pick<PriceRecord, 'price' | 'currency' | 'scraped_at'>[];
}

export interface HistorySeries {
  /** The data key of this competitor's prices in each row. */
  key: string;
  name: string;
  points: number;
}

/** One instant on the time axis (epoch ms) with the prices checked then, by series key, and ours then. */
export type HistoryRow = { at: number } & Record<string, number>;

/** A change of our own price (GET /api/products/{id}/price-history), any order. */
export type OurPriceChange = Pick<OwnPriceChange, 'at' | 'old_price' | 'new_price'>;

/** Our price now, and its kept changes. */
export interface OurPrice {
  current: number;
  changes?: readonly OurPriceChange[];
}

/** The data key of our own price in each row. */
export const OUR_PRICE_KEY = 'ours';

export interface PriceHistoryData {
  /** Competitors with at least one price drawn, in the order given. */
  series: HistorySeries[];
  /** Oldest first, one row per distinct check time and per change of our price since the first check. */
  rows: HistoryRow[];
  /** The time axis: the first and last check (an hour either side of a single one). */
  domain: [number, number];
  /** Our price now (the line's last value). */
  ourPrice: number;
  /** 'Prices from … to …: lowest … at …, highest … at …; our price …', the chart's text alternative. */
  summary: string;
}

const HOUR_MS = 3_600_000;

/**
 * Prices in the shop's currency (or with none stated) are drawn; others cannot share the price axis with
 * ours (decision 4) and are left out, which the summary says. Returns null when nothing can be drawn.
 * `timeZone` is for tests; the browser's zone is used otherwise.
 */
export function priceHistoryData(
  histories: readonly CompetitorHistory[],
  ours: OurPrice,
  shopCurrency: string,
  timeZone?: string,
): PriceHistoryData | null {
  const money = (amount: number) => formatMoney(amount, shopCurrency);
  const ourPrice = ours.current;
  const rowsByTime = new Map<number, HistoryRow>();
  const series: HistorySeries[] = [];
  let lowest: { price: number; name: string } | null = null;
  let highest: { price: number; name: string } | null = null;
  let otherCurrency = false;
  for (const history of histories) {
    const key = `url${history.id}`;
    let points = 0;
    for (const record of history.records) {
      const at = Date.parse(record.scraped_at);
      if (record.price === null || Number.isNaN(at)) continue;
      if (record.currency && record.currency.toUpperCase() !== shopCurrency.toUpperCase()) {
        otherCurrency = true;
        continue;
      }
      const row = rowsByTime.get(at) ?? { at };
      row[key] = record.price;
      rowsByTime.set(at, row);
      points += 1;
      if (!lowest || record.price < lowest.price) lowest = { price: record.price, name: history.name };
      if (!highest || record.price > highest.price) highest = { price: record.price, name: history.name };
    }
    if (points > 0) series.push({ key, name: history.name, points });
  }
  if (!lowest || !highest) return null;
  const changes = ourChanges(ours.changes ?? []);
  const checkTimes = [...rowsByTime.keys()];
  const first = Math.min(...checkTimes);
  const last = Math.max(...checkTimes);
  // A change since the first check is a point of our line; earlier ones set where it starts.
  const shown = changes.filter((change) => change.at >= first);
  for (const change of shown) rowsByTime.set(change.at, rowsByTime.get(change.at) ?? { at: change.at });
  // A single instant is drawn an hour either side: our line spans that too.
  if (rowsByTime.size === 1) for (const at of [first - HOUR_MS, first + HOUR_MS]) rowsByTime.set(at, { at });
  const rows = [...rowsByTime.values()].sort((a, b) => a.at - b.at);
  for (const row of rows) row[OUR_PRICE_KEY] = ourPriceAt(changes, row.at, ourPrice);
  const range =
    lowest.price === highest.price
      ? `${money(lowest.price)} at ${lowest.name}`
      : `lowest ${money(lowest.price)} at ${lowest.name}, highest ${money(highest.price)} at ${highest.name}`;
  const summary = [
    `Prices from ${formatDateTime(first, timeZone)} to ${formatDateTime(last, timeZone)}: ${range}; `,
    `our price ${money(ourPrice)}${changedText(shown, money, timeZone)}.`,
    otherCurrency ? ` Prices in other currencies than ${shopCurrency} are not drawn.` : '',
  ].join('');
  return {
    series,
    rows,
    domain: [rows[0]?.at ?? first, rows[rows.length - 1]?.at ?? last],
    ourPrice,
    summary,
  };
}

interface Change {
  at: number;
  oldPrice: number;
  newPrice: number;
}

function ourChanges(changes: readonly OurPriceChange[]): Change[] {
  return changes
    .map((change) => ({ at: Date.parse(change.at), oldPrice: change.old_price, newPrice: change.new_price }))
    .filter((change) => !Number.isNaN(change.at))
    .sort((a, b) => a.at - b.at);
}

/** Our price at `at`: what the last change by then set, else what the first later one changed from. */
function ourPriceAt(changes: readonly Change[], at: number, current: number): number {
  let price = changes[0] && changes[0].at > at ? changes[0].oldPrice : current;
  for (const change of changes) if (change.at <= at) price = change.newPrice;
  return price;
}

/** ', changed from £22.00 on …' for the changes the chart shows; nothing without one. */
function changedText(shown: readonly Change[], money: (amount: number) => string, timeZone?: string): string {
  const [first] = shown;
  if (!first) return '';
  const since = formatDateTime(first.at, timeZone);
  return shown.length === 1
    ? `, changed from ${money(first.oldPrice)} on ${since}`
    : `, changed ${shown.length} times since ${since} (from ${money(first.oldPrice)})`;
}

/**
 * A time axis label: the day, and the time as well when the chart spans less than two days.
 * @example axisTimeLabel(Date.parse('2026-03-05T14:07:00Z'), 3_600_000, 'UTC') // 'Mar 5, 02:07 PM'
 */
export function axisTimeLabel(at: number, span: number, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    ...(span < 48 * HOUR_MS ? { hour: '2-digit', minute: '2-digit' } : {}),
    ...(timeZone ? { timeZone } : {}),
  }).format(at);
}
