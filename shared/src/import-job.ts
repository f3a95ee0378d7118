import * as z from 'zod';

/**
 * A CSV import that takes longer than the upload's answer may wait becomes a job the import
 * dialog follows (docs/api.md#imports, decision 60): the file is kept, applied in batches by the
 * import function, and its progress read with `GET /api/imports/{id}`.
 */
export const IMPORT_KINDS = ['products', 'competitor-urls'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** How often the dialog asks how an import is getting on. */
export const IMPORT_POLL_MS = 1_000;

export const importJobSchema = z.strictObject({
  id: z.uuid(),
  kind: z.enum(IMPORT_KINDS),
  status: z.enum(IMPORT_STATUSES),
  file_name: z.string(),
  /** Data rows in the file (the header not counted). */
  total_rows: z.number().int().nonnegative(),
  /** Rows dealt with so far, imported or refused. */
  processed_rows: z.number().int().nonnegative(),
  /** Once completed: rows imported (products) or URLs added (competitor URLs), as the upload's 200 answer says. */
  imported: z.number().int().nonnegative(),
  /**
   * Once completed: the row messages (`Row N: ...`) in row order; only the first ones (about 300 KB)
   * when there are very many. `error_count` counts them all.
   */
  errors: z.array(z.string()),
  error_count: z.number().int().nonnegative(),
  /** Why a failed import stopped; null otherwise. */
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

export const importJobAnswerSchema = z.strictObject({ success: z.literal(true), import: importJobSchema });
export type ImportJobAnswer = z.infer<typeof importJobAnswerSchema>;
