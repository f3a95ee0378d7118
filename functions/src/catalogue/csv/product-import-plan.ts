import type { CategoryRecord } from '../../data/category.repository';
import type { ProductRecord } from '../../data/product.repository';
import type { ColumnIndex, ValidRow } from './product-rows';

/** A field an import can change, as the preview names it. */
export type ChangedField = 'name' | 'current_price' | 'cost' | 'category' | 'gtin' | 'mpn' | 'brand';

export interface FieldChange {
  field: ChangedField;
  old: string | number | null;
  new: string | number | null;
}

export interface PlannedUpdate extends ValidRow {
  current: ProductRecord;
  changes: FieldChange[];
}

/** What an import of the checked rows does to the catalogue: the preview shows it, the import writes it. */
export interface ImportPlan {
  creates: ValidRow[];
  /** Existing products (matched by SKU) whose fields the file changes, with old → new per field. */
  updates: PlannedUpdate[];
  /** Rows matching a product that already holds exactly their values. */
  unchanged: number;
  /** Categories the file names that do not exist yet, spelled as first written in the file. */
  newCategories: string[];
}

/**
 * Compares the checked rows with the catalogue. Rows are matched by SKU ignoring case, and a match
 * keeps its SKU's spelling; a file without a GTIN or MPN column leaves those as they are (files made
 * before the columns existed must not wipe them); categories are matched by name ignoring case.
 */
export function planProductImport(
  rows: readonly ValidRow[],
  column: ColumnIndex,
  products: readonly ProductRecord[],
  categories: readonly CategoryRecord[],
): ImportPlan {
  const bySku = new Map(products.map((product) => [product.sku.trim().toUpperCase(), product]));
  const categoryName = new Map(categories.map((c) => [c.id, c.name]));
  const known = new Map(categories.map((c) => [c.name.trim().toLowerCase(), c.name]));
  const plan: ImportPlan = { creates: [], updates: [], unchanged: 0, newCategories: [] };

  for (const row of rows) {
    const wanted = row.categoryName;
    if (wanted && !known.has(wanted.toLowerCase())) {
      known.set(wanted.toLowerCase(), wanted);
      plan.newCategories.push(wanted);
    }
    const current = bySku.get(row.fields.sku.toUpperCase());
    if (!current) {
      plan.creates.push(row);
      continue;
    }
    const fields = {
      ...row.fields,
      sku: current.sku,
      ...(column.gtin === undefined && { gtin: current.gtin ?? null }),
      ...(column.mpn === undefined && { mpn: current.mpn ?? null }),
      ...(column.brand === undefined && { brand: current.brand ?? null }),
    };
    const oldCategory = current.category_id === null ? null : (categoryName.get(current.category_id) ?? null);
    const newCategory = wanted ? (known.get(wanted.toLowerCase()) ?? wanted) : null;
    const changes = [
      ...fieldChanges(current, fields),
      ...(oldCategory?.toLowerCase() !== newCategory?.toLowerCase()
        ? [{ field: 'category' as const, old: oldCategory, new: newCategory }]
        : []),
    ];
    if (changes.length === 0) plan.unchanged++;
    else plan.updates.push({ ...row, fields, current, changes });
  }
  return plan;
}

const COMPARED = ['name', 'current_price', 'cost', 'gtin', 'mpn', 'brand'] as const;

function fieldChanges(current: ProductRecord, fields: ValidRow['fields']): FieldChange[] {
  return COMPARED.flatMap((field) => {
    const old = current[field] ?? null;
    return old === fields[field] ? [] : [{ field, old, new: fields[field] }];
  });
}
