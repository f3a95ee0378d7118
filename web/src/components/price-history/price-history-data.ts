// What the price history chart draws (docs/screens.md#price-history-chart-both-price-dialogs), from the
// price records the price dialogs already load: one series per competitor URL, points placed by the time of
// their check, our price as a flat reference (its history is not kept: decision 51), and the summary that is
// the chart's text.
// Pure, so the shaping is tested without a DOM or the chart library.
import { formatDateTime, formatMoney, type PriceRecord } from '@cmp/shared';

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

/** One instant on the time axis (epoch ms) with the prices checked then, by series key. */
export type HistoryRow = { at: number } & Record<string, number>;

export interface PriceHistoryData {
  /** Competitors with at least one price drawn, in the order given. */
  series: HistorySeries[];
  /** Oldest first, one row per distinct check time. */
  rows: HistoryRow[];
  /** The time axis: the first and last check (an hour either side of a single one). */
  domain: [number, number];
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
  ourPrice: number,
  shopCurrency: string,
  timeZone?: string,
): PriceHistoryData | null {
  const money = (amount: number) => formatMoney(amount, shopCurrency);
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
  const rows = [...rowsByTime.values()].sort((a, b) => a.at - b.at);
  const first = rows[0]?.at ?? 0;
  const last = rows[rows.length - 1]?.at ?? first;
  const range =
    lowest.price === highest.price
      ? `${money(lowest.price)} at ${lowest.name}`
      : `lowest ${money(lowest.price)} at ${lowest.name}, highest ${money(highest.price)} at ${highest.name}`;
  const summary = [
    `Prices from ${formatDateTime(first, timeZone)} to ${formatDateTime(last, timeZone)}: ${range}; our price ${money(ourPrice)}.`,
    otherCurrency ? ` Prices in other currencies than ${shopCurrency} are not drawn.` : '',
  ].join('');
  return {
    series,
    rows,
    domain: first === last ? [first - HOUR_MS, last + HOUR_MS] : [first, last],
    ourPrice,
    summary,
  };
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
