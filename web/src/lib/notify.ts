// Toasts in one place, so every failure message follows docs/screens.md#9-toasts-errors-and-formats.
import { importedText, skippedRowsText } from '@cmp/shared';
import { toast } from 'react-toastify';
import { errorMessage } from './api-error';

/** docs/rules.md#17-client-timings-and-limits: the skipped-rows toast stays 8 s, an import failure 6 s. */
export const IMPORT_ERRORS_TOAST_MS = 8000;
export const IMPORT_FAILURE_TOAST_MS = 6000;

/** Shows the server's error text when it sent one, else `fallback` (e.g. 'Failed to fetch products'). */
export function notifyError(error: unknown, fallback: string, autoClose?: number): void {
  toast.error(errorMessage(error, fallback), autoClose === undefined ? undefined : { autoClose });
}

export function notifySuccess(message: string): void {
  toast.success(message);
}

/**
 * 'Successfully imported N <noun>'; with skipped rows 'Imported N <noun>', then the skipped rows
 * (first 3, ' and M more') for 8 s.
 */
export function notifyImportResult(
  result: { imported: number; errors: string[]; error_count?: number },
  noun: string,
): void {
  const count = result.error_count ?? result.errors.length;
  toast.success(importedText(result.imported, noun, count));
  const skipped = skippedRowsText(result.errors, count);
  if (skipped) toast.error(skipped, { autoClose: IMPORT_ERRORS_TOAST_MS });
}

/** An import that failed as a whole: the server's error text or `fallback`, for 6 s. */
export function notifyImportFailure(error: unknown, fallback: string): void {
  notifyError(error, fallback, IMPORT_FAILURE_TOAST_MS);
}
