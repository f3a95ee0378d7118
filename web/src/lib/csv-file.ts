// CSV upload checks (docs/rules.md#8-validation) and the template download link.

/**
 * The message for a file that cannot be imported, or null when it can: a file must be chosen, and it
 * must have the CSV type or a .csv name.
 */
export function csvFileError(file: { name: string; type: string } | null | undefined): string | null {
  if (!file) return 'Please select a file';
  if (file.type === 'text/csv' || file.name.toLowerCase().endsWith('.csv')) return null;
  return 'Please select a CSV file';
}

/** The multipart body of an import: one field named `file`. */
export function csvUploadBody(file: Blob & { name: string }): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
}
