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
  saveImportSlice,
} from '../../data/import-job.repository';
import { DomainError, NotFoundError } from '../../domain/errors';
import { publishAppEvent } from '../../lib/publish-app-event';
import { importCompetitorUrls, readCompetitorFile } from './competitor-import';
import { IMPORT_QUEUED, importQueuedTarget } from './import-events';
import {
  type ImportOutcome,
  type ImportProgress,
  MAX_UPLOADED_IMPORT_ROWS,
  maxRowsOf,
} from './import-limits';
import { importProducts } from './product-import';
import { readProductRows } from './product-rows';
import { decodeUtf8, type UploadedFile } from './upload';

/**
 * CSV imports as jobs (decision 60). The upload checks the file, keeps it with a job item and puts
 * `ImportQueued` on the app's bus; the import function (import.handler.ts) applies it in batches,
 * reporting progress on the job. The upload's answer waits for the job a while: a file done by
 * then gets the import's 200 answer as before, a longer one a 202 with the job, which the dialog
 * follows (`GET /api/imports/{id}`) until it ends. A file longer than one run of the function
 * goes on in the next: the run stops after a batch, keeps where it stopped and what it found on the
 * job, and queues the job again (decision 70).
 */
export const importsConfigSchema = z.object({
  /** How long an upload waits for its import before answering 202: under API Gateway's 30 s. */
  IMPORT_ANSWER_WAIT_SECONDS: z.coerce.number().min(0).max(20).default(10),
});
const importsSettings = settingsSection('imports', importsConfigSchema);

/**
 * A run of the import function starts no batch with less than this left of its time: a batch takes
 * a second or two, ending the run (the job's update, the event) well under one.
 */
export const IMPORT_STOP_MARGIN_MS = 30_000;

/** How often the upload looks at its job while it waits. */
const WAIT_POLL_MS = 200;
/** Lambda tries an event once and then its retries: the last attempt ends the job either way. */
const MAX_ATTEMPTS = importQueuedTarget.retries + 1;
/** A job whose heartbeat stopped for longer than its function may run has died with it. */
const STALE_AFTER_MS = (importQueuedTarget.timeoutSeconds + 60) * 1000;

const STOPPED =
  'The import stopped before it finished. Import the file again: what it imported is kept, the rest is added.';

type Answer = { status: 200; body: ImportResult } | { status: 202; body: ImportJobAnswer };

type Applier = (text: string, maxRows: number, progress: ImportProgress) => Promise<ImportOutcome>;
const appliers: Record<ImportKind, Applier> = {
  products: importProducts,
  'competitor-urls': importCompetitorUrls,
};

/** Data rows in a file that can be imported at all; a 400 (InvalidInputError) for one that cannot. */
function countRows(kind: ImportKind, text: string, maxRows: number): number {
  if (kind === 'competitor-urls') return readCompetitorFile(text, maxRows).dataRows;
  const { valid, errors } = readProductRows(text, maxRows);
  return valid.length + errors.length;
}

/** The upload: checks the file, queues its job and answers with the result or the job. */
export async function startImport(kind: ImportKind, file: UploadedFile): Promise<Answer> {
  const total_rows = countRows(kind, decodeUtf8(file.content), maxRowsOf(file));
  const id = randomUUID();
  const created = await createImportJob(
    { id, kind, file_name: file.filename, total_rows },
    file.key === undefined ? { content: file.content } : { key: file.key },
  );
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
  const { attempts: _attempts, heartbeat_at, file_key: _key, resume_after_row: _resume, ...view } = job;
  const lastSign = Date.parse(heartbeat_at ?? job.created_at);
  const ongoing = view.status === 'queued' || view.status === 'running';
  if (ongoing && now - lastSign > STALE_AFTER_MS) return { ...view, status: 'failed', error: STOPPED };
  return view;
}

/**
 * The import function's work for one `ImportQueued` event: applies the job's file, from where an
 * earlier run stopped, unless the job ended already (events come at least once). With less than
 * IMPORT_STOP_MARGIN_MS of `remainingMs` left after a batch, it keeps what it did on the job and
 * queues the job again. A problem with the file ends the job as failed; any other error is thrown
 * so Lambda tries again, until the last attempt, which ends it as failed.
 */
export async function runImportJob(id: string, remainingMs: () => number): Promise<void> {
  const job = await beginImportAttempt(id);
  if (!job) return;
  if (job.attempts > MAX_ATTEMPTS) {
    await failImportJob(id, STOPPED);
    return;
  }
  try {
    const text = decodeUtf8(await readImportFile(job));
    // The job holds what earlier runs found (nothing before the first): this run adds its own.
    const outcome = await appliers[job.kind](text, MAX_UPLOADED_IMPORT_ROWS, {
      importId: id,
      afterRow: job.resume_after_row ?? 1,
      onProgress: (rows) => recordImportProgress(id, job.processed_rows + rows),
      outOfTime: () => remainingMs() < IMPORT_STOP_MARGIN_MS,
    });
    const sum = {
      imported: job.imported + outcome.imported,
      errors: [...job.errors, ...outcome.errors],
      error_count: job.error_count + outcome.errors.length,
      processed_rows: job.processed_rows + outcome.processed_rows,
    };
    if (outcome.stopped_after_row === null) {
      await completeImportJob(id, sum);
      return;
    }
    await saveImportSlice(id, { ...sum, resume_after_row: outcome.stopped_after_row });
    await publishAppEvent(IMPORT_QUEUED, { import_id: id });
  } catch (error) {
    if (error instanceof DomainError) await failImportJob(id, error.message);
    else {
      if (job.attempts >= MAX_ATTEMPTS) await failImportJob(id, STOPPED);
      throw error;
    }
  }
}
