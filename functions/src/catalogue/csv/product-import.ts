import { randomUUID } from 'node:crypto';
import { type ProductImportPreview, type RowError, rowErrorText } from '@cmp/shared';
import { keptCount, settleImportedCount } from '../../data/catalogue-counts.repository';
import { catalogueChanged } from '../../data/catalogue-version.repository';
import {
  type CategoryRecord,
  createCategory,
  findCategoryIdByName,
  listCategories,
} from '../../data/category.repository';
import { reserveIds } from '../../data/counter.repository';
import {
  claimSkuForImport,
  listProducts,
  newProductRecord,
  putProductItems,
  replaceProduct,
  skuConflict,
} from '../../data/product.repository';
import { ConflictError, DomainError } from '../../domain/errors';
import { mapLimit } from '../../lib/map-limit';
import {
  batches,
  IMPORT_CONCURRENCY,
  type ImportOutcome,
  type ImportProgress,
  rowsUpTo,
  stopAfter,
} from './import-limits';
import { type PlannedUpdate, planProductImport } from './product-import-plan';
import { readProductRows, type ValidRow } from './product-rows';

/**
 * Reads and checks the file, and compares its rows after `afterRow` with the catalogue: the same
 * for the import and its preview. The whole file is read so a SKU is still once per file.
 */
async function planFile(text: string, maxRows: number, afterRow = 1) {
  const { column, valid, errors } = readProductRows(text, maxRows);
  const [products, categories] = await Promise.all([listProducts(), listCategories()]);
  const rows = valid.filter((row) => row.row > afterRow);
  return {
    errors: errors.filter((error) => error.row > afterRow),
    rows,
    categories,
    listed: products.length,
    plan: planProductImport(rows, column, products, categories),
  };
}

/**
 * What importing the file would do, writing nothing: new products, products that would change
 * (old → new per field), categories that would be created, and every row error.
 */
export async function previewProductImport(text: string, maxRows: number): Promise<ProductImportPreview> {
  const { errors, plan } = await planFile(text, maxRows);
  return {
    success: true,
    new_products: plan.creates.map(({ row, fields, categoryName }) => ({
      row,
      ...fields,
      category: categoryName,
    })),
    changed_products: plan.updates.map(({ row, current, changes }) => ({
      row,
      id: current.id,
      sku: current.sku,
      name: current.name,
      changes,
    })),
    unchanged: plan.unchanged,
    new_categories: plan.newCategories,
    errors,
  };
}

/** A row the import writes: a new product (with its id), or a change to one. */
type Write = { row: number } & ({ create: ValidRow; id: number } | { update: PlannedUpdate });

/**
 * Imports a products CSV: rows are upserted by SKU (so the same file twice changes nothing),
 * categories are created when new, and each bad row is reported by number (the header is row 1)
 * and skipped while the good rows are imported. Written in batches of rows in file order (decision
 * 60): a new product costs its SKU claim and a 25th of a batch write, a changed one its conditional
 * write; the catalogue version and the count move once at the end. `importId` marks the claims it
 * makes, so a later attempt at the same import takes over what an attempt cut off half-way left.
 * With `afterRow` it starts after that row; with `outOfTime` it may stop after a batch (decision 70).
 */
export async function importProducts(
  text: string,
  maxRows: number,
  { importId = randomUUID(), onProgress, afterRow = 1, outOfTime }: ImportProgress = {},
): Promise<ImportOutcome> {
  const kept = await keptCount('products');
  const { errors, rows, categories, plan, listed } = await planFile(text, maxRows, afterRow);
  const categoryIds = await ensureCategories(plan.newCategories, categories);
  const categoryOf = (row: ValidRow) =>
    row.categoryName ? (categoryIds.get(row.categoryName.toLowerCase()) ?? null) : null;
  const firstNewId = plan.creates.length > 0 ? await reserveIds('product', plan.creates.length) : 0;
  const writes: Write[] = [
    ...plan.creates.map((create, i) => ({ row: create.row, create, id: firstNewId + i })),
    ...plan.updates.map((update) => ({ row: update.row, update })),
  ].sort((a, b) => a.row - b.row);
  const dealt = rowsUpTo([...errors, ...rows].map((row) => row.row));
  const writeErrors: RowError[] = [];
  let created = 0;
  let stoppedAfter: number | null = null;

  for (const [first, batch] of batches(writes)) {
    const outcomes = await mapLimit(batch, IMPORT_CONCURRENCY, (write) =>
      'create' in write
        ? claimNew(write.create, write.id, importId)
        : applyChange(write.update, categoryOf, importId),
    );
    const records = batch.flatMap((write, i) => {
      const outcome = outcomes[i];
      if (outcome !== undefined && outcome !== true) writeErrors.push(outcome);
      if (!('create' in write) || outcome !== true) return [];
      return [newProductRecord({ ...write.create.fields, category_id: categoryOf(write.create) }, write.id)];
    });
    await putProductItems(records);
    created += records.length;
    stoppedAfter = stopAfter(batch, first + batch.length < writes.length, outOfTime);
    await onProgress?.(dealt(batch.at(-1)?.row ?? afterRow));
    if (stoppedAfter !== null) break;
  }
  await Promise.all([catalogueChanged(), settleImportedCount('products', kept, listed, created)]);

  const lastRow = stoppedAfter ?? Number.POSITIVE_INFINITY;
  const upTo = <T extends { row: number }>(items: readonly T[]) =>
    items.filter((item) => item.row <= lastRow);
  return {
    success: true,
    imported: upTo(rows).length - writeErrors.length,
    errors: [...upTo(errors), ...writeErrors].sort((a, b) => a.row - b.row).map(rowErrorText),
    processed_rows: dealt(lastRow),
    stopped_after_row: stoppedAfter,
  };
}

/** Claims a new product's SKU: true, or the row's error when another product holds it. */
async function claimNew(row: ValidRow, id: number, importId: string): Promise<true | RowError> {
  if (await claimSkuForImport(row.fields.sku, id, importId)) return true;
  return { row: row.row, sku: row.fields.sku, message: skuConflict(row.fields.sku) };
}

/** Writes a planned change: undefined, or the row's error when the product changed meanwhile. */
async function applyChange(
  row: PlannedUpdate,
  categoryOf: (row: ValidRow) => number | null,
  importId: string,
): Promise<RowError | undefined> {
  try {
    await replaceProduct(row.current, { ...row.fields, category_id: categoryOf(row) }, `import:${importId}`);
    return undefined;
  } catch (error) {
    if (error instanceof DomainError) return { row: row.row, sku: row.fields.sku, message: error.message };
    throw error;
  }
}

/** Creates the plan's new categories; returns every category id by lower-case name. */
async function ensureCategories(names: readonly string[], categories: readonly CategoryRecord[]) {
  const ids = new Map(categories.map((c) => [c.name.trim().toLowerCase(), c.id]));
  for (const name of names) ids.set(name.toLowerCase(), await createOrFindCategory(name));
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
