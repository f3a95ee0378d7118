// The download name of the server's CSV exports; the writer itself is shared (shared/src/csv-writer.ts).

/**
 * The `Content-Disposition` of a download named after what it holds and the day (UTC) it was made;
 * `name` is reduced to letters, digits, `.`, `_` and `-`, so it needs no escaping.
 * @example attachment('price-history-K-1', new Date('2026-11-26T10:00:00Z')) // 'attachment; filename="price-history-K-1-2026-11-26.csv"'
 */
export function attachment(name: string, now: Date): string {
  const safe = name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '');
  return `attachment; filename="${safe}-${now.toISOString().slice(0, 10)}.csv"`;
}
