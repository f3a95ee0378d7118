import { type ImportResult, type ProductImportPreview, type RowError, rowErrorText } from '@cmp/shared';
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
  updateProduct,
} from '../../data/product.repository';
import { ConflictError, DomainError } from '../../domain/errors';
import { mapLimit } from '../../lib/map-limit';
import { IMPORT_CONCURRENCY } from './import-limits';
import { planProductImport } from './product-import-plan';
import { readProductRows, type ValidRow } from './product-rows';

/** Reads and checks the file, and compares it with the catalogue: the same for the import and its preview. */
async function planFile(text: string) {
  const { column, valid, errors } = readProductRows(text);
  const [products, categories] = await Promise.all([listProducts(), listCategories()]);
  return { errors, categories, plan: planProductImport(valid, column, products, categories) };
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
 * and skipped while the good rows are imported.
 */
export async function importProducts(text: string): Promise<ImportResult> {
  const { errors, categories, plan } = await planFile(text);
  const categoryIds = await ensureCategories(plan.newCategories, categories);
  const firstNewId = plan.creates.length > 0 ? await reserveIds('product', plan.creates.length) : 0;
  const writes: (ValidRow & { write(fields: ProductFields): Promise<unknown> })[] = [
    ...plan.creates.map((row, i) => ({
      ...row,
      write: (f: ProductFields) => createProduct(f, firstNewId + i),
    })),
    ...plan.updates.map((row) => ({ ...row, write: (f: ProductFields) => updateProduct(row.current, f) })),
  ];

  const outcomes = await mapLimit(writes, IMPORT_CONCURRENCY, async (w): Promise<RowError | undefined> => {
    const category_id = w.categoryName ? (categoryIds.get(w.categoryName.toLowerCase()) ?? null) : null;
    try {
      await w.write({ ...w.fields, category_id });
      return undefined;
    } catch (error) {
      if (error instanceof DomainError) return { row: w.row, sku: w.fields.sku, message: error.message };
      throw error;
    }
  });
  const writeErrors = outcomes.filter((o): o is RowError => o !== undefined);
  const valid = plan.creates.length + plan.updates.length + plan.unchanged;
  return {
    success: true,
    imported: valid - writeErrors.length,
    errors: [...errors, ...writeErrors].sort((a, b) => a.row - b.row).map(rowErrorText),
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
