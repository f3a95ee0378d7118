// An import that became a job (202 from an upload, docs/api.md#imports): followed to its end.
import { IMPORT_POLL_MS, type ImportJob, type ImportJobAnswer, type ImportResult } from '@cmp/shared';
import { ApiError } from '../lib/api-error';
import { expectSuccess } from '../lib/api-result';
import { call } from './client';

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
