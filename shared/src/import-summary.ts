/** Texts for a CSV import's result (docs/rules.md#9-csv-import: toasts, at most 3 skipped-row messages). */

export const MAX_LISTED_IMPORT_ERRORS = 3;

/** @example importedText(12, 'products') // 'Successfully imported 12 products' */
export function importedText(imported: number, noun: string): string {
  return `Successfully imported ${imported} ${noun}`;
}

/**
 * The skipped-rows toast: the first 3 messages joined with '; ', plus ' and M more' past 3; null when
 * no rows were skipped.
 * @example skippedRowsText(['Row 2: a', 'Row 3: b']) // 'Skipped rows: Row 2: a; Row 3: b'
 */
export function skippedRowsText(errors: readonly string[]): string | null {
  if (errors.length === 0) return null;
  const listed = errors.slice(0, MAX_LISTED_IMPORT_ERRORS).join('; ');
  const rest = errors.length - MAX_LISTED_IMPORT_ERRORS;
  return `Skipped rows: ${listed}${rest > 0 ? ` and ${rest} more` : ''}`;
}
