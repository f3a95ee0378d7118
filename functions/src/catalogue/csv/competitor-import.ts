import {
  COMPETITOR_CSV_COLUMNS,
  checkCsvUrl,
  competitorNameFromUrl,
  type FormCheck,
  type ImportResult,
  normaliseText,
  textProblem,
} from '@cmp/shared';
import { createCompetitorUrl, listCompetitorUrls, normaliseUrl } from '../../data/competitor-url.repository';
import { reserveIds } from '../../data/counter.repository';
import { listProducts } from '../../data/product.repository';
import { DomainError, InvalidInputError } from '../../domain/errors';
import { mapLimit } from '../../lib/map-limit';
import { checkCompetitorUrl } from '../competitor-url-policy';
import { headerKey, isBlankRecord, parseCsv } from './csv-parse';
import { IMPORT_CONCURRENCY, MAX_IMPORT_ROWS } from './import-limits';

interface NewUrl {
  row: number;
  product_id: number;
  url: string;
}

/**
 * Imports a competitor CSV: a SKU column naming existing products, and any other columns holding
 * competitor URLs (empty cells skipped). Unknown SKUs, bad URLs and URLs a product already has are
 * reported per row; every valid URL is added, named after its host.
 */
export async function importCompetitorUrls(text: string): Promise<ImportResult> {
  const [header, ...records] = parseCsv(text, MAX_IMPORT_ROWS);
  if (!header) throw new InvalidInputError('The file is empty');
  const skuColumn = header.findIndex((name) => headerKey(name) === headerKey(COMPETITOR_CSV_COLUMNS.sku));
  if (skuColumn < 0) throw new InvalidInputError(`Missing column: ${COMPETITOR_CSV_COLUMNS.sku}`);
  const urlColumns = header.map((_, index) => index).filter((index) => index !== skuColumn);
  if (urlColumns.length === 0)
    throw new InvalidInputError('Add at least one column of competitor URLs next to SKU');

  const [products, urls] = await Promise.all([listProducts(), listCompetitorUrls()]);
  const productBySku = new Map(products.map((product) => [product.sku.trim().toUpperCase(), product]));
  const taken = new Set(urls.map((url) => `${url.product_id} ${normaliseUrl(url.url)}`));

  const errors: string[] = [];
  const toCreate: NewUrl[] = [];
  for (const [index, record] of records.entries()) {
    const row = index + 2;
    if (isBlankRecord(record)) continue;
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
      const key = `${product.id} ${normaliseUrl(url)}`;
      if (taken.has(key)) {
        errors.push(`Row ${row}: SKU "${sku}" already has ${url}`);
        continue;
      }
      taken.add(key);
      toCreate.push({ row, product_id: product.id, url });
    }
  }

  const firstId = toCreate.length > 0 ? await reserveIds('competitor-url', toCreate.length) : 0;
  const outcomes = await mapLimit(toCreate, IMPORT_CONCURRENCY, async (item, index) => {
    try {
      await createCompetitorUrl(
        { product_id: item.product_id, url: item.url, competitor_name: competitorNameFromUrl(item.url) },
        firstId + index,
      );
      return undefined;
    } catch (error) {
      if (error instanceof DomainError) return `Row ${item.row}: ${error.message}`;
      throw error;
    }
  });
  const writeErrors = outcomes.filter((o): o is string => o !== undefined);
  return {
    success: true,
    imported: toCreate.length - writeErrors.length,
    errors: [...errors, ...writeErrors],
  };
}

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
