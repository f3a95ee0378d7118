/**
 * GET /api/products/{id}/price-history.csv: every kept check of every competitor URL of one
 * product, newest first, as each check recorded it (competitor name and URL as they were then).
 */

import { type CsvColumn, toCsv, yesNo } from '@cmp/shared';
import { requireProduct } from '../catalogue/products';
import { listCompetitorUrlsOfProduct } from '../data/competitor-url.repository';
import { allPriceRecords, type PriceRecordItem } from '../data/price-record.repository';

export const PRICE_HISTORY_COLUMNS: readonly CsvColumn<PriceRecordItem>[] = [
  { header: 'Checked at', value: (r) => r.scraped_at },
  { header: 'Competitor', value: (r) => r.competitor_name },
  { header: 'URL', value: (r) => r.competitor_url },
  { header: 'Price', value: (r) => r.price },
  { header: 'Currency', value: (r) => r.currency },
  { header: 'In stock', value: (r) => yesNo(r.in_stock) },
  { header: 'Confidence', value: (r) => r.confidence },
  { header: 'Outcome', value: (r) => r.outcome },
  { header: 'Message', value: (r) => r.message },
];

/** The product's SKU (for the file name) and its price history as CSV; NotFoundError for an unknown product. */
export async function priceHistoryCsv(productId: number): Promise<{ sku: string; csv: string }> {
  const [product, urls] = await Promise.all([
    requireProduct(productId),
    listCompetitorUrlsOfProduct(productId),
  ]);
  const records = (await Promise.all(urls.map((url) => allPriceRecords(url.id)))).flat();
  records.sort((a, b) => b.scraped_at.localeCompare(a.scraped_at));
  return { sku: product.sku, csv: toCsv(PRICE_HISTORY_COLUMNS, records) };
}
