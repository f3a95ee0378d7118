// Saving a downloaded file (the CSV exports): the name the server gave it, and the browser's save; or the
// link to a file too large for one answer.

/**
 * The file name of a `Content-Disposition: attachment; filename="…"` header; null without one.
 * @example attachmentFileName('attachment; filename="dashboard-2026-11-26.csv"') // 'dashboard-2026-11-26.csv'
 */
export function attachmentFileName(disposition: string | undefined): string | null {
  const name = disposition?.match(/filename="([^"]+)"/)?.[1]?.trim();
  return name ? name : null;
}

/** Saves a Blob under `fileName` through a temporary object URL (no token ever goes into a URL). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // Some browsers read the URL after the click returns (FileSaver.js waits 40 s before revoking).
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Opens a link to a file too large for one answer (a presigned S3 address, valid 15 minutes): the
 * storage answers it as an attachment, so the browser saves it and the page stays.
 */
export function saveLinkedFile(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  link.click();
}
