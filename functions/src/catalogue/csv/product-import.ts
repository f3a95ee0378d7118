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
import { batches, IMPORT_CONCURRENCY, type ImportOutcome, type ImportProgress } from './import-limits';
import { planProductImport } from './product-import-plan';
import { readProductRows, type ValidRow } from './product-rows';

/** Reads and checks the file, and compares it with the catalogue: the same for the import and its preview. */
async function planFile(text: string) {
  const { column, valid, errors } = readProductRows(text);
  const [products, categories] = await Promise.all([listProducts(), listCategories()]);
  return {
    errors,
    categories,
    listed: products.length,
    plan: planProductImport(valid, column, products, categories),
  };
}

/**
 * What importing the file would do, writing nothing: new products, products that would change
 * (old → new per field), categories that would be created, and every row error.
 */
export async function previewProductImport(text: string): Promise<ProductImportPreview> {
  const { errors, plan } = await planFile(text);
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

/**
 * Imports a products CSV: rows are upserted by SKU (so the same file twice changes nothing),
 * categories are created when new, and each bad row is reported by number (the header is row 1)
 * and skipped while the good rows are imported. Written in batches (decision 60): a new product
 * costs its SKU claim and a 25th of a batch write, a changed one its conditional write; the
 * catalogue version and the count move once at the end. `importId` marks the claims it makes, so a
 * later attempt at the same import takes over what an attempt cut off half-way left.
 */
export async function importProducts(
  text: string,
  { importId = randomUUID(), onProgress }: ImportProgress = {},
): Promise<ImportOutcome> {
  const kept = await keptCount('products');
  const { errors, categories, plan, listed } = await planFile(text);
  const categoryIds = await ensureCategories(plan.newCategories, categories);
  const categoryOf = (row: ValidRow) =>
    row.categoryName ? (categoryIds.get(row.categoryName.toLowerCase()) ?? null) : null;
  const firstNewId = plan.creates.length > 0 ? await reserveIds('product', plan.creates.length) : 0;
  const writeErrors: RowError[] = [];
  let processed = errors.length + plan.unchanged;
  let created = 0;
  const progress = async (rows: number) => {
    processed += rows;
    await onProgress?.(processed);
  };

  for (const [first, batch] of batches(plan.creates)) {
    const claimed = await mapLimit(batch, IMPORT_CONCURRENCY, (row, i) =>
      claimSkuForImport(row.fields.sku, firstNewId + first + i, importId),
    );
    const records = batch.flatMap((row, i) => {
      if (claimed[i])
        return [newProductRecord({ ...row.fields, category_id: categoryOf(row) }, firstNewId + first + i)];
      writeErrors.push({ row: row.row, sku: row.fields.sku, message: skuConflict(row.fields.sku) });
      return [];
    });
    await putProductItems(records);
    created += records.length;
    await progress(batch.length);
  }
  for (const [, batch] of batches(plan.updates)) {
    const outcomes = await mapLimit(batch, IMPORT_CONCURRENCY, async (row): Promise<RowError | undefined> => {
      try {
        await replaceProduct(row.current, { ...row.fields, category_id: categoryOf(row) });
        return undefined;
      } catch (error) {
        if (error instanceof DomainError)
          return { row: row.row, sku: row.fields.sku, message: error.message };
        throw error;
      }
    });
    writeErrors.push(...outcomes.filter((o): o is RowError => o !== undefined));
    await progress(batch.length);
  }
  await Promise.all([catalogueChanged(), settleImportedCount('products', kept, listed, created)]);

  const valid = plan.creates.length + plan.updates.length + plan.unchanged;
  return {
    success: true,
    imported: valid - writeErrors.length,
    errors: [...errors, ...writeErrors].sort((a, b) => a.row - b.row).map(rowErrorText),
    processed_rows: processed,
  };
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
