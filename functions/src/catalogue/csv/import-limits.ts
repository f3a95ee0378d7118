import type { ImportResult } from '@cmp/shared';

/** At most this many data rows per CSV import. */
export const MAX_IMPORT_ROWS = 10_000;
/** Conditional writes (claims, changes) in flight during an import: gentle on the table. */
export const IMPORT_CONCURRENCY = 16;
/** Rows written between two progress reports (one job update each). */
export const IMPORT_BATCH_ROWS = 500;

/** How an import reports as it goes (the import job's progress), and what its claims are marked with. */
export interface ImportProgress {
  importId?: string;
  /** Rows dealt with so far (imported or refused), after each batch. */
  onProgress?: (processedRows: number) => Promise<void>;
}

/** An import's result, as the upload's 200 answer gives it, with the rows it dealt with. */
export interface ImportOutcome extends ImportResult {
  processed_rows: number;
}

/** `items` in batches of IMPORT_BATCH_ROWS, each with the index of its first item. */
export function* batches<T>(items: readonly T[]): Generator<[number, T[]]> {
  for (let first = 0; first < items.length; first += IMPORT_BATCH_ROWS) {
    yield [first, items.slice(first, first + IMPORT_BATCH_ROWS)];
  }
}
