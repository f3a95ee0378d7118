import { randomUUID } from 'node:crypto';
import type { ImportJob, ImportJobAnswer, ImportKind, ImportResult } from '@cmp/shared';
import * as z from 'zod';
import { settingsSection } from '../../config';
import {
  beginImportAttempt,
  completeImportJob,
  createImportJob,
  failImportJob,
  getImportJob,
  type ImportJobRecord,
  readImportFile,
  recordImportProgress,
} from '../../data/import-job.repository';
import { DomainError, NotFoundError } from '../../domain/errors';
import { publishAppEvent } from '../../lib/publish-app-event';
import { importCompetitorUrls, readCompetitorFile } from './competitor-import';
import { IMPORT_QUEUED, importQueuedTarget } from './import-events';
import type { ImportOutcome, ImportProgress } from './import-limits';
import { importProducts } from './product-import';
import { readProductRows } from './product-rows';
import { decodeUtf8, type UploadedFile } from './upload';

/**
 * CSV imports as jobs (decision 60). The upload checks the file, keeps it with a job item and puts
 * `ImportQueued` on the app's bus; the import function (import.handler.ts) applies it in batches,
 * reporting progress on the job. The upload's answer waits for the job a while: a file done by
 * then gets the import's 200 answer as before, a longer one a 202 with the job, which the dialog
 * follows (`GET /api/imports/{id}`) until it ends.
 */
export const importsConfigSchema = z.object({
  /** How long an upload waits for its import before answering 202: under API Gateway's 30 s. */
  IMPORT_ANSWER_WAIT_SECONDS: z.coerce.number().min(0).max(20).default(10),
});
const importsSettings = settingsSection('imports', importsConfigSchema);

/** How often the upload looks at its job while it waits. */
const WAIT_POLL_MS = 200;
/** Lambda tries an event once and then its retries: the last attempt ends the job either way. */
const MAX_ATTEMPTS = importQueuedTarget.retries + 1;
/** A job whose heartbeat stopped for longer than its function may run has died with it. */
const STALE_AFTER_MS = (importQueuedTarget.timeoutSeconds + 60) * 1000;

const STOPPED =
  'The import stopped before it finished. Import the file again: what it imported is kept, the rest is added.';

type Answer = { status: 200; body: ImportResult } | { status: 202; body: ImportJobAnswer };

const appliers: Record<ImportKind, (text: string, progress: ImportProgress) => Promise<ImportOutcome>> = {
  products: importProducts,
  'competitor-urls': importCompetitorUrls,
};

/** Data rows in a file that can be imported at all; a 400 (InvalidInputError) for one that cannot. */
function countRows(kind: ImportKind, text: string): number {
  if (kind === 'competitor-urls') return readCompetitorFile(text).dataRows;
  const { valid, errors } = readProductRows(text);
  return valid.length + errors.length;
}

/** The upload: checks the file, queues its job and answers with the result or the job. */
export async function startImport(kind: ImportKind, file: UploadedFile): Promise<Answer> {
  const total_rows = countRows(kind, decodeUtf8(file.content));
  const id = randomUUID();
  const created = await createImportJob({ id, kind, file_name: file.filename, total_rows }, file.content);
  try {
    await publishAppEvent(IMPORT_QUEUED, { import_id: id });
  } catch (error) {
    await failImportJob(id, 'The import could not be started; try again');
    throw error;
  }
  const deadline = Date.now() + importsSettings().IMPORT_ANSWER_WAIT_SECONDS * 1000;
  let job: ImportJobRecord = created;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
    job = (await getImportJob(id)) ?? job;
    if (job.status === 'completed' && job.error_count <= job.errors.length)
      return { status: 200, body: { success: true, imported: job.imported, errors: job.errors } };
    if (job.status === 'completed' || job.status === 'failed') break;
  }
  return { status: 202, body: { success: true, import: importJobView(job) } };
}

/** `GET /api/imports/{id}`. */
export async function readImport(id: string): Promise<ImportJob> {
  const job = await getImportJob(id);
  if (!job) throw new NotFoundError(`Import ${id} not found`);
  return importJobView(job);
}

/** The API's view of a job: one that stopped moving is reported as failed. */
export function importJobView(job: ImportJobRecord, now = Date.now()): ImportJob {
  const { attempts: _attempts, heartbeat_at, ...view } = job;
  const lastSign = Date.parse(heartbeat_at ?? job.created_at);
  const ongoing = view.status === 'queued' || view.status === 'running';
  if (ongoing && now - lastSign > STALE_AFTER_MS) return { ...view, status: 'failed', error: STOPPED };
  return view;
}

/**
 * The import function's work for one `ImportQueued` event: applies the job's file unless the job
 * ended already (events come at least once). A problem with the file ends the job as failed; any
 * other error is thrown so Lambda tries again, until the last attempt, which ends it as failed.
 */
export async function runImportJob(id: string): Promise<void> {
  const job = await beginImportAttempt(id);
  if (!job) return;
  if (job.attempts > MAX_ATTEMPTS) {
    await failImportJob(id, STOPPED);
    return;
  }
  try {
    const text = decodeUtf8(await readImportFile(id));
    const outcome = await appliers[job.kind](text, {
      importId: id,
      onProgress: (rows) => recordImportProgress(id, rows),
    });
    await completeImportJob(id, outcome);
  } catch (error) {
    if (error instanceof DomainError) await failImportJob(id, error.message);
    else {
      if (job.attempts >= MAX_ATTEMPTS) await failImportJob(id, STOPPED);
      throw error;
    }
  }
}
