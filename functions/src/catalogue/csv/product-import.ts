import {
  checkProductCsvRow,
  type ImportResult,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_REQUIRED,
} from '@cmp/shared';
import {
  type CategoryRecord,
  createCategory,
  findCategoryIdByName,
  listCategories,
} from '../../data/category.repository';
import { reserveIds } from '../../data/counter.repository';
import {
  createProduct,
  listProducts,
  type ProductFields,
  type ProductRecord,
  updateProduct,
} from '../../data/product.repository';
import { ConflictError, DomainError, InvalidInputError } from '../../domain/errors';
import { mapLimit } from '../../lib/map-limit';
import { headerKey, isBlankRecord, parseCsv } from './csv-parse';
import { IMPORT_CONCURRENCY, MAX_IMPORT_ROWS } from './import-limits';

interface ValidRow {
  row: number;
  fields: Omit<ProductFields, 'category_id'>;
  categoryName: string | null;
}

/**
 * Imports a products CSV: rows are upserted by SKU (so the same file twice changes nothing),
 * categories are created when new, and each bad row is reported by number (the header is row 1)
 * and skipped while the good rows are imported.
 */
export async function importProducts(text: string): Promise<ImportResult> {
  const [header, ...records] = parseCsv(text, MAX_IMPORT_ROWS);
  if (!header) throw new InvalidInputError('The file is empty');
  const column = indexColumns(header);

  const errors: string[] = [];
  const valid: ValidRow[] = [];
  const firstRowOfSku = new Map<string, number>();
  for (const [index, record] of records.entries()) {
    const row = index + 2;
    if (isBlankRecord(record)) continue;
    const checked = checkProductCsvRow(
      Object.fromEntries(Object.entries(column).map(([key, position]) => [key, record[position]])),
    );
    if (!checked.ok) {
      errors.push(`Row ${row}: ${checked.error}`);
      continue;
    }
    const { category, ...fields } = checked.value;
    const skuKey = fields.sku.toUpperCase();
    const first = firstRowOfSku.get(skuKey);
    if (first !== undefined) {
      errors.push(`Row ${row}: SKU "${fields.sku}" already appears on row ${first}`);
      continue;
    }
    firstRowOfSku.set(skuKey, row);
    valid.push({ row, fields, categoryName: category });
  }

  const [products, categories] = await Promise.all([listProducts(), listCategories()]);
  const categoryIds = await ensureCategories(valid, categories);
  const existing = new Map(products.map((product) => [product.sku.trim().toUpperCase(), product]));
  const newRows = valid.filter((v) => !existing.has(v.fields.sku.toUpperCase()));
  const firstNewId = newRows.length > 0 ? await reserveIds('product', newRows.length) : 0;
  const newIds = new Map(newRows.map((v, i) => [v, firstNewId + i]));

  const outcomes = await mapLimit(valid, IMPORT_CONCURRENCY, async (v) => {
    const fields: ProductFields = {
      ...v.fields,
      category_id: v.categoryName ? (categoryIds.get(v.categoryName.toLowerCase()) ?? null) : null,
    };
    try {
      const current = existing.get(fields.sku.toUpperCase());
      if (!current) await createProduct(fields, newIds.get(v));
      else {
        // Matched by SKU, so the SKU keeps the spelling it already has.
        const edit = { ...fields, sku: current.sku, ...keptIds(current, column) };
        if (changed(current, edit)) await updateProduct(current, edit);
      }
      return undefined;
    } catch (error) {
      if (error instanceof DomainError) return `Row ${v.row}: ${error.message}`;
      throw error;
    }
  });
  const writeErrors = outcomes.filter((o): o is string => o !== undefined);
  return {
    success: true,
    imported: valid.length - writeErrors.length,
    errors: [...errors, ...writeErrors].sort((a, b) => rowOf(a) - rowOf(b)),
  };
}

function indexColumns(header: readonly string[]): Partial<Record<keyof typeof PRODUCT_CSV_COLUMNS, number>> {
  const position = new Map(header.map((name, index) => [headerKey(name), index]));
  const missing = PRODUCT_CSV_REQUIRED.map((key) => PRODUCT_CSV_COLUMNS[key]).filter(
    (name) => !position.has(headerKey(name)),
  );
  if (missing.length > 0) {
    throw new InvalidInputError(`Missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`);
  }
  const entries = Object.entries(PRODUCT_CSV_COLUMNS).map(
    ([key, name]) => [key, position.get(headerKey(name))] as const,
  );
  return Object.fromEntries(entries.filter(([, index]) => index !== undefined));
}

/**
 * The GTIN and MPN a file without their column leaves as they are: files made before the columns
 * existed must not wipe them (without its GTIN, a product's checks no longer notice another product).
 */
function keptIds(current: ProductRecord, column: Partial<Record<keyof typeof PRODUCT_CSV_COLUMNS, number>>) {
  return {
    ...(column.gtin === undefined && { gtin: current.gtin ?? null }),
    ...(column.mpn === undefined && { mpn: current.mpn ?? null }),
  };
}

/** Creates the categories the file names that do not exist yet; returns ids by lower-case name. */
async function ensureCategories(rows: readonly ValidRow[], categories: readonly CategoryRecord[]) {
  const ids = new Map(categories.map((c) => [c.name.trim().toLowerCase(), c.id]));
  for (const row of rows) {
    const name = row.categoryName;
    if (name && !ids.has(name.toLowerCase())) {
      ids.set(name.toLowerCase(), await createOrFindCategory(name));
    }
  }
  return ids;
}

/** Another import may create the same category at the same moment: then use that one. */
async function createOrFindCategory(name: string): Promise<number> {
  try {
    return (await createCategory({ name, description: null })).id;
  } catch (error) {
    const id = error instanceof ConflictError ? await findCategoryIdByName(name) : undefined;
    if (id === undefined) throw error;
    return id;
  }
}

function changed(current: ProductRecord, fields: ProductFields): boolean {
  return (
    current.sku !== fields.sku ||
    current.name !== fields.name ||
    current.current_price !== fields.current_price ||
    (current.cost ?? null) !== fields.cost ||
    (current.gtin ?? null) !== fields.gtin ||
    (current.mpn ?? null) !== fields.mpn ||
    (current.category_id ?? null) !== fields.category_id
  );
}

const rowOf = (message: string) => Number(/^Row (\d+)/.exec(message)?.[1] ?? 0);
