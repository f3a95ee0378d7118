/** Texts for a CSV import's result (docs/rules.md#9-csv-import: toasts, at most 3 skipped-row messages). */
import { type CsvColumn, toCsv } from './csv-writer';

export const MAX_LISTED_IMPORT_ERRORS = 3;

/**
 * The first import toast: 'Successfully imported N …', or 'Imported N …' when rows were skipped
 * (spec §8), since the skipped-rows toast follows.
 * @example importedText(12, 'products') // 'Successfully imported 12 products'
 * @example importedText(12, 'products', 2) // 'Imported 12 products'
 */
export function importedText(imported: number, noun: string, skipped = 0): string {
  return `${skipped > 0 ? 'Imported' : 'Successfully imported'} ${imported} ${noun}`;
}

/**
 * The skipped-rows toast: the first 3 messages joined with '; ', plus ' and M more' past 3; null when
 * no rows were skipped. `count`: how many rows were skipped in all, where `errors` holds only the
 * first of them (an import job keeps 100).
 * @example skippedRowsText(['Row 2: a', 'Row 3: b']) // 'Skipped rows: Row 2: a; Row 3: b'
 */
export function skippedRowsText(errors: readonly string[], count = errors.length): string | null {
  if (count === 0) return null;
  const listed = errors.slice(0, MAX_LISTED_IMPORT_ERRORS).join('; ');
  const rest = count - Math.min(errors.length, MAX_LISTED_IMPORT_ERRORS);
  return `Skipped rows: ${listed}${rest > 0 ? ` and ${rest} more` : ''}`;
}

/** A refused row of an import: its number in the file (the header is row 1), its SKU cell, why. */
export interface RowError {
  row: number;
  sku: string | null;
  message: string;
}

/** @example rowErrorText({ row: 3, message: 'SKU is required' }) // 'Row 3: SKU is required' */
export const rowErrorText = (error: Pick<RowError, 'row' | 'message'>) =>
  `Row ${error.row}: ${error.message}`;

const ROW_ERROR_COLUMNS: readonly CsvColumn<RowError>[] = [
  { header: 'Row', value: (error) => error.row },
  { header: 'SKU', value: (error) => error.sku },
  { header: 'Message', value: (error) => error.message },
];

/** Every row error as a CSV file (Row, SKU, Message), written like the exports: formula cells neutralised. */
export const rowErrorsCsv = (errors: readonly RowError[]): string => toCsv(ROW_ERROR_COLUMNS, errors);
