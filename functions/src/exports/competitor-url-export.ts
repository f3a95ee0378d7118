/**
 * GET /api/competitor-urls/export.csv: every competitor URL with its product, its latest check and
 * the price the comparison uses (its accepted price), in id order.
 */

import { type CsvColumn, toCsv, yesNo } from '@cmp/shared';
import { catalogueRecords } from '../catalogue/catalogue-records';
import { byId } from '../catalogue/products';
import { acceptedPrice, apiLastCheck } from '../catalogue/url-check-view';
import type { CompetitorUrlRecord } from '../data/competitor-url.repository';
import type { ProductRecord } from '../data/product.repository';

interface UrlRow {
  url: CompetitorUrlRecord;
  product: ProductRecord | undefined;
  check: ReturnType<typeof apiLastCheck>;
  accepted: ReturnType<typeof acceptedPrice>;
}

export const COMPETITOR_URL_COLUMNS: readonly CsvColumn<UrlRow>[] = [
  { header: 'SKU', value: (r) => r.product?.sku ?? null },
  { header: 'Product', value: (r) => r.product?.name ?? null },
  { header: 'Competitor', value: (r) => r.url.competitor_name },
  { header: 'URL', value: (r) => r.url.url },
  { header: 'Last check outcome', value: (r) => r.check?.outcome ?? null },
  { header: 'Last check message', value: (r) => r.check?.message ?? null },
  { header: 'Last checked at', value: (r) => r.check?.checked_at ?? null },
  { header: 'Last check price', value: (r) => r.check?.price ?? null },
  { header: 'Last check currency', value: (r) => r.check?.currency ?? null },
  { header: 'In stock', value: (r) => yesNo(r.check?.in_stock ?? null) },
  { header: 'Consecutive failures', value: (r) => r.check?.consecutive_failures ?? null },
  { header: 'Accepted price', value: (r) => r.accepted?.price ?? null },
  // The accepted price may be older than the last check, and in another currency.
  { header: 'Accepted price currency', value: (r) => r.accepted?.currency ?? null },
];

/** The file, from the catalogue's records (the kept ones when run in withKeptRecords). */
export async function competitorUrlsCsv(): Promise<string> {
  const records = catalogueRecords();
  const [urls, products] = await Promise.all([records.urls(), records.products()]);
  const productById = byId(products);
  return toCsv(
    COMPETITOR_URL_COLUMNS,
    urls.map((url) => ({
      url,
      product: productById.get(url.product_id),
      check: apiLastCheck(url),
      accepted: acceptedPrice(url),
    })),
  );
}
