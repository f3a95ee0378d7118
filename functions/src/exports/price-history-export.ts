/**
 * GET /api/products/{id}/price-history.csv: every kept check of every competitor URL of one
 * product, as each check recorded it (competitor name and URL as they were then), and every change
 * of our own price (issue 33), newest first on one time line.
 */

import { type CsvColumn, type OwnPriceChange, toCsv, yesNo } from '@cmp/shared';
import { requireProduct } from '../catalogue/products';
import { settingsSection, shopConfigSchema } from '../config';
import { listCompetitorUrlsOfProduct } from '../data/competitor-url.repository';
import { listOwnPriceChanges } from '../data/own-price.repository';
import { allPriceRecords, type PriceRecordItem } from '../data/price-record.repository';

const shopSettings = settingsSection('shop', shopConfigSchema);

/** A competitor's check, or a change of our price (its `Competitor` is 'Our price'). */
type HistoryLine =
  | { kind: 'check'; at: string; record: PriceRecordItem }
  | { kind: 'ours'; at: string; change: OwnPriceChange; currency: string };

const check =
  <T>(value: (record: PriceRecordItem) => T) =>
  (line: HistoryLine) =>
    line.kind === 'check' ? value(line.record) : null;
const ours =
  <T>(value: (change: OwnPriceChange) => T) =>
  (line: HistoryLine) =>
    line.kind === 'ours' ? value(line.change) : null;

export const PRICE_HISTORY_COLUMNS: readonly CsvColumn<HistoryLine>[] = [
  { header: 'Checked at', value: (line) => line.at },
  {
    header: 'Competitor',
    value: (line) => (line.kind === 'ours' ? 'Our price' : line.record.competitor_name),
  },
  { header: 'URL', value: check((r) => r.competitor_url) },
  { header: 'Price', value: (line) => (line.kind === 'ours' ? line.change.new_price : line.record.price) },
  { header: 'Currency', value: (line) => (line.kind === 'ours' ? line.currency : line.record.currency) },
  { header: 'In stock', value: check((r) => yesNo(r.in_stock)) },
  { header: 'Confidence', value: check((r) => r.confidence) },
  { header: 'Outcome', value: check((r) => r.outcome) },
  { header: 'Message', value: check((r) => r.message) },
  { header: 'Old price', value: ours((c) => c.old_price) },
  { header: 'Changed by', value: ours((c) => c.changed_by) },
];

/** The product's SKU (for the file name) and its price history as CSV; NotFoundError for an unknown product. */
export async function priceHistoryCsv(productId: number): Promise<{ sku: string; csv: string }> {
  const product = await requireProduct(productId);
  const [changes, urls] = await Promise.all([
    listOwnPriceChanges(productId),
    listCompetitorUrlsOfProduct(productId),
  ]);
  const records = (await Promise.all(urls.map((url) => allPriceRecords(url.id)))).flat();
  const currency = shopSettings().SHOP_CURRENCY;
  const lines: HistoryLine[] = [
    ...records.map((record) => ({ kind: 'check' as const, at: record.scraped_at, record })),
    ...changes.map((change) => ({ kind: 'ours' as const, at: change.at, change, currency })),
  ];
  lines.sort((a, b) => b.at.localeCompare(a.at));
  return { sku: product.sku, csv: toCsv(PRICE_HISTORY_COLUMNS, lines) };
}
