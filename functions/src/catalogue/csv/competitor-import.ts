import {
  COMPETITOR_CSV_COLUMNS,
  checkCsvUrl,
  competitorNameFromUrl,
  type FormCheck,
  normaliseText,
  textProblem,
} from '@cmp/shared';
import { keptCount, settleImportedCount } from '../../data/catalogue-counts.repository';
import { catalogueChanged } from '../../data/catalogue-version.repository';
import {
  listCompetitorUrls,
  listCompetitorUrlsOfProduct,
  newCompetitorUrlRecord,
  putCompetitorUrlItems,
  urlConflict,
} from '../../data/competitor-url.repository';
import { reserveIds } from '../../data/counter.repository';
import { listProducts } from '../../data/product.repository';
import { claimUrls, releaseUrls, urlKey } from '../../data/url-claims';
import { DomainError, InvalidInputError } from '../../domain/errors';
import { mapLimit } from '../../lib/map-limit';
import { checkCompetitorUrl } from '../competitor-url-policy';
import { competitorUrlsPerProductMax } from '../url-limit';
import { headerKey, isBlankRecord, parseCsv } from './csv-parse';
import {
  batches,
  IMPORT_CONCURRENCY,
  type ImportOutcome,
  type ImportProgress,
  rowsUpTo,
  stopAfter,
} from './import-limits';

interface NewUrl {
  row: number;
  sku: string;
  product_id: number;
  url: string;
}

/** A row that would take its product past the limit goes whole or not at all. */
const rowTooMany = (row: number, sku: string, max: number) =>
  `Row ${row}: SKU "${sku}" can have at most ${max} competitor URLs`;

/** The file's columns: the SKU column, and every other one holding URLs. */
interface CompetitorFile {
  /** Every record after the header, blank ones included (row numbers count them). */
  records: string[][];
  /** The records that are not blank. */
  dataRows: number;
  skuColumn: number;
  urlColumns: number[];
}

/** Reads the file and checks its header; a 400 for a file that cannot be imported at all. */
export function readCompetitorFile(text: string, maxRows: number): CompetitorFile {
  const [header, ...records] = parseCsv(text, maxRows);
  if (!header) throw new InvalidInputError('The file is empty');
  const skuColumn = header.findIndex((name) => headerKey(name) === headerKey(COMPETITOR_CSV_COLUMNS.sku));
  if (skuColumn < 0) throw new InvalidInputError(`Missing column: ${COMPETITOR_CSV_COLUMNS.sku}`);
  const urlColumns = header.map((_, index) => index).filter((index) => index !== skuColumn);
  if (urlColumns.length === 0)
    throw new InvalidInputError('Add at least one column of competitor URLs next to SKU');
  return { records, dataRows: records.filter((r) => !isBlankRecord(r)).length, skuColumn, urlColumns };
}

/**
 * Imports a competitor CSV: a SKU column naming existing products, and any other columns holding
 * competitor URLs (empty cells skipped). Unknown SKUs, bad URLs and URLs a product already has are
 * reported per row; every valid URL is added, named after its host. A row that would give its
 * product more than COMPETITOR_URLS_PER_PRODUCT_MAX URLs is refused whole. Written in batches
 * (decision 60): a row's URLs are claimed in one request and the URLs written 25 to a request; the
 * catalogue version and the count move once at the end.
 */
export async function importCompetitorUrls(
  text: string,
  maxRows: number,
  { onProgress, afterRow = 1, outOfTime }: ImportProgress = {},
): Promise<ImportOutcome> {
  const { records, skuColumn, urlColumns } = readCompetitorFile(text, maxRows);
  const kept = await keptCount('competitor_urls');
  const [products, urls] = await Promise.all([listProducts(), listCompetitorUrls()]);
  const productBySku = new Map(products.map((product) => [product.sku.trim().toUpperCase(), product]));
  const taken = new Set(urls.map((url) => `${url.product_id} ${urlKey(url.url)}`));
  const max = competitorUrlsPerProductMax();
  const held = new Map<number, number>();
  for (const url of urls) held.set(url.product_id, (held.get(url.product_id) ?? 0) + 1);

  const errors: string[] = [];
  const rows: NewUrl[][] = [];
  const dataRows: number[] = [];
  for (const [index, record] of records.entries()) {
    const row = index + 2;
    if (row <= afterRow || isBlankRecord(record)) continue;
    dataRows.push(row);
    const sku = normaliseText(record[skuColumn] ?? '');
    const product = productBySku.get(sku.toUpperCase());
    if (!sku) {
      errors.push(`Row ${row}: SKU is required`);
      continue;
    }
    if (!product) {
      errors.push(`Row ${row}: unknown SKU "${sku}"`);
      continue;
    }
    const adds: NewUrl[] = [];
    const keys = new Set<string>();
    for (const column of urlColumns) {
      const raw = normaliseText(record[column] ?? '');
      if (!raw) continue;
      const checked = checkUrlCell(raw);
      if (!checked.ok) {
        // A URL with hidden characters is not echoed: what is wrong with it would not show.
        errors.push(`Row ${row}: ${checked.error}${textProblem('URL', raw) ? '' : ` (${raw})`}`);
        continue;
      }
      const url = checked.value;
      const key = `${product.id} ${urlKey(url)}`;
      if (taken.has(key) || keys.has(key)) {
        errors.push(`Row ${row}: SKU "${sku}" already has ${url}`);
        continue;
      }
      keys.add(key);
      adds.push({ row, sku, product_id: product.id, url });
    }
    const has = held.get(product.id) ?? 0;
    if (adds.length > 0 && has + adds.length > max) {
      errors.push(`${rowTooMany(row, sku, max)}; it has ${has}, the row adds ${adds.length}`);
      continue;
    }
    for (const key of keys) taken.add(key);
    held.set(product.id, has + adds.length);
    if (adds.length > 0) rows.push(adds);
  }

  const total = rows.reduce((sum, adds) => sum + adds.length, 0);
  let nextId = total > 0 ? await reserveIds('competitor-url', total) : 0;
  const dealt = rowsUpTo(dataRows);
  let created = 0;
  let stoppedAfter: number | null = null;
  for (const [first, batch] of batches(rows)) {
    const claimed = await mapLimit(batch, IMPORT_CONCURRENCY, (adds) => claimRow(adds, max, errors));
    const written = claimed
      .flat()
      .map((add) =>
        newCompetitorUrlRecord(
          { product_id: add.product_id, url: add.url, competitor_name: competitorNameFromUrl(add.url) },
          nextId++,
        ),
      );
    await putCompetitorUrlItems(written);
    created += written.length;
    const lastRows = batch.map((adds) => ({ row: adds[0]?.row ?? afterRow }));
    stoppedAfter = stopAfter(lastRows, first + batch.length < rows.length, outOfTime);
    await onProgress?.(dealt(lastRows.at(-1)?.row ?? afterRow));
    if (stoppedAfter !== null) break;
  }
  await Promise.all([catalogueChanged(), settleImportedCount('competitor_urls', kept, urls.length, created)]);
  const lastRow = stoppedAfter ?? Number.POSITIVE_INFINITY;
  return {
    success: true,
    imported: created,
    errors: errors.filter((error) => rowOf(error) <= lastRow).sort((a, b) => rowOf(a) - rowOf(b)),
    processed_rows: dealt(lastRow),
    stopped_after_row: stoppedAfter,
  };
}

/**
 * Claims a row's URLs for their product in one request, within `max` URLs. When the product holds
 * one already (the list read at the start was a moment old), each is claimed alone: a URL the
 * product holds with no URL item behind it was claimed by an import cut off before writing it, and
 * is added now. A product filled meanwhile refuses the row, its claims given back.
 */
async function claimRow(adds: NewUrl[], max: number, errors: string[]): Promise<NewUrl[]> {
  const [first] = adds;
  if (!first) return adds;
  const outcome = await claimUrls(
    first.product_id,
    adds.map((add) => add.url),
    max,
  );
  if (outcome === 'claimed') return adds;
  if (outcome === 'full') {
    errors.push(rowTooMany(first.row, first.sku, max));
    return [];
  }
  const present = new Set(
    (await listCompetitorUrlsOfProduct(first.product_id)).map((url) => urlKey(url.url)),
  );
  const claimed: NewUrl[] = [];
  const claimedNow: string[] = [];
  for (const add of adds) {
    const one = await claimUrls(add.product_id, [add.url], max);
    if (one === 'full') {
      await releaseUrls(first.product_id, claimedNow);
      errors.push(rowTooMany(first.row, first.sku, max));
      return [];
    }
    if (one === 'claimed') claimedNow.push(add.url);
    if (one === 'claimed' || !present.has(urlKey(add.url))) claimed.push(add);
    else errors.push(`Row ${add.row}: ${urlConflict(add.url)}`);
  }
  return claimed;
}

const rowOf = (message: string) => Number(/^Row (\d+)/.exec(message)?.[1] ?? 0);

/** The URL as it is stored, or why not: the shared URL rules, then the server's URL policy. */
function checkUrlCell(raw: string): FormCheck<string> {
  const checked = checkCsvUrl(raw);
  if (!checked.ok) return checked;
  try {
    return { ok: true, value: checkCompetitorUrl(checked.value) };
  } catch (error) {
    if (error instanceof DomainError) return { ok: false, error: error.message };
    throw error;
  }
}
