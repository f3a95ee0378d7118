import { checkProductCsvRow, PRODUCT_CSV_COLUMNS, PRODUCT_CSV_REQUIRED, type RowError } from '@cmp/shared';
import type { ProductFields } from '../../data/product.repository';
import { InvalidInputError } from '../../domain/errors';
import { headerKey, isBlankRecord, parseCsv } from './csv-parse';

/** Where each known column sits in the file; a column the file lacks is absent. */
export type ColumnIndex = Partial<Record<keyof typeof PRODUCT_CSV_COLUMNS, number>>;

/** A row that passed the checks, numbered as in the file (the header is row 1). */
export interface ValidRow {
  row: number;
  fields: Omit<ProductFields, 'category_id'>;
  categoryName: string | null;
}

export interface ProductRows {
  column: ColumnIndex;
  valid: ValidRow[];
  /** Each refused row, in file order. */
  errors: RowError[];
}

/** A row error as the import reports it: `Row N: …`. */
export const rowErrorText = (error: Pick<RowError, 'row' | 'message'>) =>
  `Row ${error.row}: ${error.message}`;

/**
 * Reads and checks a products CSV, the one reading both the import and its preview use: each row
 * with the API's rules, and a SKU only once per file (ignoring case). Blank rows are skipped; a
 * file of more than `maxRows` rows is refused.
 */
export function readProductRows(text: string, maxRows: number): ProductRows {
  const [header, ...records] = parseCsv(text, maxRows);
  if (!header) throw new InvalidInputError('The file is empty');
  const column = indexColumns(header);

  const errors: RowError[] = [];
  const valid: ValidRow[] = [];
  const firstRowOfSku = new Map<string, number>();
  for (const [index, record] of records.entries()) {
    const row = index + 2;
    if (isBlankRecord(record)) continue;
    const checked = checkProductCsvRow(
      Object.fromEntries(Object.entries(column).map(([key, position]) => [key, record[position]])),
    );
    if (!checked.ok) {
      const sku = column.sku === undefined ? '' : (record[column.sku] ?? '').trim();
      errors.push({ row, sku: sku || null, message: checked.error });
      continue;
    }
    const { category, ...fields } = checked.value;
    const skuKey = fields.sku.toUpperCase();
    const first = firstRowOfSku.get(skuKey);
    if (first !== undefined) {
      errors.push({ row, sku: fields.sku, message: `SKU "${fields.sku}" already appears on row ${first}` });
      continue;
    }
    firstRowOfSku.set(skuKey, row);
    valid.push({ row, fields, categoryName: category });
  }
  return { column, valid, errors };
}

function indexColumns(header: readonly string[]): ColumnIndex {
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
