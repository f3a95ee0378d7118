// An import's file as the API takes it (in the request, or uploaded to storage first when it is large,
// docs/api.md#uploads), and an import that became a job (202, docs/api.md#imports) followed to its end.
import {
  IMPORT_POLL_MS,
  type ImportJob,
  type ImportJobAnswer,
  type ImportKind,
  type ImportResult,
  MAX_UPLOAD_BYTES,
  UPLOAD_CONTENT_TYPE,
} from '@cmp/shared';
import { ApiError } from '../lib/api-error';
import { expectSuccess } from '../lib/api-result';
import { csvUploadBody } from '../lib/csv-file';
import { call } from './client';

/**
 * The body of an import or preview: the file itself up to MAX_UPLOAD_BYTES (2 MiB); a larger one is
 * sent straight to storage with the form the API hands out, and the body names the upload.
 */
export async function importBody(kind: ImportKind, file: File): Promise<FormData | { upload_id: string }> {
  if (file.size <= MAX_UPLOAD_BYTES) return csvUploadBody(file);
  const { upload_id, upload } = expectSuccess(
    await call('POST /api/imports/uploads', { body: { kind, filename: file.name, size: file.size } }),
  );
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  // The form's policy takes text/csv alone, whatever type the browser gave the file.
  form.append('file', new Blob([file], { type: UPLOAD_CONTENT_TYPE }), file.name);
  const sent = await fetch(upload.url, { method: 'POST', body: form });
  if (!sent.ok) {
    const why = /<Message>([^<]*)<\/Message>/.exec(await sent.text())?.[1];
    throw new ApiError(
      'http',
      sent.status,
      undefined,
      `The file could not be uploaded${why ? `: ${why}` : ''}`,
    );
  }
  return { upload_id };
}

/** What an upload answers: the result, or the job when the import takes longer. */
export type ImportAnswer = ImportResult | ImportJobAnswer;

/** An import's result, with how many rows were skipped in all (a job keeps only the first messages). */
export type FinishedImport = ImportResult & { error_count: number };

export const isImportJob = (answer: ImportAnswer): answer is ImportJobAnswer => 'import' in answer;

/**
 * Follows the upload's answer to the import's end: resolves with its result, calling `onProgress`
 * with the job each time it is read; rejects with the job's reason when it failed.
 */
export async function finishImport(
  answer: ImportAnswer,
  onProgress: (job: ImportJob) => void,
): Promise<FinishedImport> {
  if (!isImportJob(answer)) return { ...answer, error_count: answer.errors.length };
  let job = answer.import;
  for (;;) {
    onProgress(job);
    if (job.status === 'completed')
      return { success: true, imported: job.imported, errors: job.errors, error_count: job.error_count };
    if (job.status === 'failed') throw new ApiError('http', 200, job, job.error ?? 'The import failed');
    await new Promise((resolve) => setTimeout(resolve, IMPORT_POLL_MS));
    job = expectSuccess(await call('GET /api/imports/{id}', { params: { id: job.id } })).import;
  }
}
