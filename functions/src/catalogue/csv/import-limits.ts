import type { ImportResult } from '@cmp/shared';
import type { UploadedFile } from './upload';

/** At most this many data rows in a CSV sent in the request itself (multipart, at most 2 MiB). */
export const MAX_IMPORT_ROWS = 10_000;
/**
 * At most this many data rows in a file sent to the data bucket (`POST /api/imports/uploads`, at
 * most 50 MB): room for 300,000 competitor URL rows and more, within the import function's memory.
 */
export const MAX_UPLOADED_IMPORT_ROWS = 500_000;
/** The rows a file may hold: more for one sent to the data bucket than for one sent in the request. */
export const maxRowsOf = (file: UploadedFile) =>
  file.key === undefined ? MAX_IMPORT_ROWS : MAX_UPLOADED_IMPORT_ROWS;

/** Conditional writes (claims, changes) in flight during an import: gentle on the table. */
export const IMPORT_CONCURRENCY = 16;
/** Rows written between two progress reports (one job update each). */
export const IMPORT_BATCH_ROWS = 500;

/** How an import reports as it goes (the import job's progress), and what its claims are marked with. */
export interface ImportProgress {
  importId?: string;
  /** Rows dealt with so far by this call (imported or refused), after each batch. */
  onProgress?: (processedRows: number) => Promise<void>;
  /** An earlier run of the job dealt with every row up to this one (the header is row 1). */
  afterRow?: number;
  /** Asked after each batch: true when this run must stop and leave the rest to the next one. */
  outOfTime?: () => boolean;
}

/** An import's result, as the upload's 200 answer gives it, with the rows it dealt with. */
export interface ImportOutcome extends ImportResult {
  processed_rows: number;
  /** The last row dealt with when the call stopped before the end (`outOfTime`), else null. */
  stopped_after_row: number | null;
}

/** `items` in batches of IMPORT_BATCH_ROWS, each with the index of its first item. */
export function* batches<T>(items: readonly T[]): Generator<[number, T[]]> {
  for (let first = 0; first < items.length; first += IMPORT_BATCH_ROWS) {
    yield [first, items.slice(first, first + IMPORT_BATCH_ROWS)];
  }
}

/**
 * Where a call that works through `rows` (in file order) stops: after the batch whose last row is
 * returned, when `outOfTime` says so and rows are left; null when it should go on.
 */
export function stopAfter(
  batch: readonly { row: number }[],
  more: boolean,
  outOfTime: (() => boolean) | undefined,
): number | null {
  const last = batch.at(-1);
  return more && last && outOfTime?.() ? last.row : null;
}

/**
 * Counts the rows (numbers, any order) up to a row: asked with rows that only grow, as an import
 * goes through its file, it walks the sorted numbers once.
 */
export function rowsUpTo(rows: readonly number[]): (lastRow: number) => number {
  const sorted = [...rows].sort((a, b) => a - b);
  let counted = 0;
  return (lastRow) => {
    while (counted < sorted.length && (sorted[counted] ?? 0) <= lastRow) counted++;
    return counted;
  };
}
