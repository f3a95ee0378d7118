// The CSV files' column names (docs/rules.md#9-csv-import): the templates, the import's header check
// and its row messages all use these.

/** Products: SKU, Product Name and Current Price required; Cost, Category, GTIN, MPN and Brand optional. */
export const PRODUCT_CSV_COLUMNS = {
  sku: 'SKU',
  name: 'Product Name',
  current_price: 'Current Price',
  cost: 'Cost',
  category: 'Category',
  gtin: 'GTIN',
  mpn: 'MPN',
  brand: 'Brand',
} as const;
export const PRODUCT_CSV_REQUIRED = ['sku', 'name', 'current_price'] as const;

/**
 * The columns as an import dialog lists them, in order, the ones not required marked optional:
 * `csvColumnsText(PRODUCT_CSV_COLUMNS, PRODUCT_CSV_REQUIRED)` names every column of the template.
 */
export const csvColumnsText = (columns: Record<string, string>, required: readonly string[]) =>
  Object.entries(columns)
    .map(([field, name]) => (required.includes(field) ? name : `${name} (optional)`))
    .join(', ');

/** Competitor URLs: a SKU column; every other column holds URLs, whatever it is called. */
export const COMPETITOR_CSV_COLUMNS = { sku: 'SKU' } as const;
/** The name the template gives its n-th URL column. */
export const competitorCsvColumn = (n: number) => `Competitor ${n}`;

/** Rows as CSV text; the cells here are plain (no commas, quotes or line breaks). */
export const csvText = (rows: readonly (readonly string[])[]) =>
  `${rows.map((row) => row.join(',')).join('\n')}\n`;
