// CSV upload checks (docs/rules.md#8-validation) and the template download link.
import { LARGE_FILE_TOO_LARGE_MESSAGE, MAX_LARGE_UPLOAD_BYTES, NO_FILE_MESSAGE } from '@cmp/shared';

/**
 * The message for a file that cannot be imported, or null when it can: a file must be chosen, it must
 * have the CSV type or a .csv name, and it must be within the upload's size limit, 50 MB (checked here
 * so that a large file is not uploaded only to be refused).
 */
export function csvFileError(
  file: { name: string; type: string; size: number } | null | undefined,
): string | null {
  if (!file) return NO_FILE_MESSAGE;
  if (file.type !== 'text/csv' && !file.name.toLowerCase().endsWith('.csv'))
    return 'Please select a CSV file';
  return file.size > MAX_LARGE_UPLOAD_BYTES ? LARGE_FILE_TOO_LARGE_MESSAGE : null;
}

/** The multipart body of an import: one field named `file`. */
export function csvUploadBody(file: Blob & { name: string }): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
}
