/** At most this many data rows per CSV import. */
export const MAX_IMPORT_ROWS = 10_000;
/** Writes in flight during an import: fast enough for 10,000 rows inside API Gateway's 30 s, gentle on the table. */
export const IMPORT_CONCURRENCY = 16;
