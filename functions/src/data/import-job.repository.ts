import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ImportJob } from '@cmp/shared';
import { readDataObject } from '../lib/data-bucket';
import { conditionalWrite, conditionHeld, db, epochSeconds, nowIso, tableName } from './dynamo';
import { putPacked, readPacked } from './packed-chunks';

/**
 * An import job at `IMPORT#<id>` / `JOB`. A file sent in the request (at most 2 MiB) sits beside it
 * in gzip'd chunks (`FILE#<n>`: an item holds at most 400 KB); a file sent to the data bucket stays
 * there, and the job names its key. Both expire after IMPORT_KEEP_DAYS (the table's TTL).
 */
const IMPORT_KEEP_DAYS = 30;
/** The row messages a job keeps, with room in its item for the rest (10,000 of them would not fit). */
const KEPT_ERROR_BYTES = 300_000;

/** The file's chunks sit beside the job (packed-chunks.ts). */
const FILE_PREFIX = 'FILE#';

const keys = {
  job: (id: string) => ({ PK: `IMPORT#${id}`, SK: 'JOB' }),
};

/** The job as stored: the API's view, with what the import function needs to carry on. */
export interface ImportJobRecord extends ImportJob {
  /** Invocations that started it: Lambda tries an event up to 3 times. */
  attempts: number;
  /** Moved with each batch: a running job whose heartbeat stopped died with its function. */
  heartbeat_at: string | null;
  /** The file's key in the data bucket; null when its chunks sit beside the job. */
  file_key: string | null;
  /**
   * An earlier run of the function dealt with every row up to this one, and `processed_rows`,
   * `imported`, `errors` and `error_count` hold what it found; null before any run stopped.
   */
  resume_after_row: number | null;
}

export async function createImportJob(
  job: Pick<ImportJob, 'id' | 'kind' | 'file_name' | 'total_rows'>,
  file: { content: Buffer } | { key: string },
): Promise<ImportJobRecord> {
  const expires_at = epochSeconds(Date.now() + IMPORT_KEEP_DAYS * 86_400_000);
  // The file first: a job exists only with its whole file.
  const chunks =
    'key' in file ? 0 : await putPacked(keys.job(job.id).PK, FILE_PREFIX, file.content, expires_at);
  const record: ImportJobRecord = {
    ...job,
    status: 'queued',
    processed_rows: 0,
    imported: 0,
    errors: [],
    error_count: 0,
    error: null,
    created_at: nowIso(),
    finished_at: null,
    attempts: 0,
    heartbeat_at: null,
    file_key: 'key' in file ? file.key : null,
    resume_after_row: null,
  };
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.job(job.id), type: 'import', ...record, file_chunks: chunks, expires_at },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
  return record;
}

export async function getImportJob(id: string): Promise<ImportJobRecord | undefined> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.job(id), ConsistentRead: true }),
  );
  if (!Item || (typeof Item.expires_at === 'number' && Item.expires_at * 1000 < Date.now())) return undefined;
  const { PK: _pk, SK: _sk, type: _type, file_chunks: _chunks, expires_at: _expires, ...record } = Item;
  return record as ImportJobRecord;
}

/** The job's file as it was uploaded. */
export async function readImportFile(job: Pick<ImportJobRecord, 'id' | 'file_key'>): Promise<Buffer> {
  // Jobs queued before files could stay in the bucket have no key at all.
  const file = !job.file_key
    ? await readPacked(keys.job(job.id).PK, FILE_PREFIX)
    : (await readDataObject(job.file_key))?.body;
  if (!file) throw new Error(`The file of import ${job.id} is missing`);
  return file;
}

/**
 * Starts an attempt at the job, unless it ended already (EventBridge and Lambda deliver at least
 * once): returns the job as it now is, or undefined when there is nothing to do.
 */
export async function beginImportAttempt(id: string): Promise<ImportJobRecord | undefined> {
  const begun = await conditionalWrite(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.job(id),
        UpdateExpression: 'SET #status = :running, heartbeat_at = :now ADD attempts :one',
        ConditionExpression: 'attribute_exists(PK) AND #status IN (:queued, :running)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':running': 'running',
          ':queued': 'queued',
          ':now': nowIso(),
          ':one': 1,
        },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return begun?.Attributes as ImportJobRecord | undefined;
}

/** Rows dealt with so far; also the heartbeat that tells a living job from a dead one. */
export async function recordImportProgress(id: string, processedRows: number): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.job(id),
      UpdateExpression: 'SET processed_rows = :rows, heartbeat_at = :now',
      ConditionExpression: '#status = :running',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':rows': processedRows, ':now': nowIso(), ':running': 'running' },
    }),
  );
}

/** What the job found so far: `errors` are row messages, of which the job keeps the first ones. */
interface ImportTally {
  imported: number;
  errors: readonly string[];
  /** Every row message, kept or not. */
  error_count: number;
  processed_rows: number;
}

/** The import's result. */
export async function completeImportJob(id: string, result: ImportTally): Promise<void> {
  await finish(id, 'completed', {
    ':imported': result.imported,
    ':errors': firstThatFit(result.errors, KEPT_ERROR_BYTES),
    ':count': result.error_count,
    ':rows': result.processed_rows,
    ':error': null,
  });
}

/**
 * A run of the function stopped after `resume_after_row`, its time nearly up: the job keeps what it
 * found and is queued again, its attempts counted afresh for the next run.
 */
export async function saveImportSlice(
  id: string,
  result: ImportTally & { resume_after_row: number },
): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.job(id),
      UpdateExpression:
        'SET #status = :queued, imported = :imported, #errors = :errors, error_count = :count, ' +
        'processed_rows = :rows, resume_after_row = :after, attempts = :none, heartbeat_at = :now',
      ConditionExpression: '#status = :running',
      ExpressionAttributeNames: { '#status': 'status', '#errors': 'errors' },
      ExpressionAttributeValues: {
        ':queued': 'queued',
        ':running': 'running',
        ':imported': result.imported,
        ':errors': firstThatFit(result.errors, KEPT_ERROR_BYTES),
        ':count': result.error_count,
        ':rows': result.processed_rows,
        ':after': result.resume_after_row,
        ':none': 0,
        ':now': nowIso(),
      },
    }),
  );
}

function firstThatFit(messages: readonly string[], bytes: number): string[] {
  const kept: string[] = [];
  let size = 0;
  for (const message of messages) {
    size += Buffer.byteLength(message) + 3;
    if (size > bytes) break;
    kept.push(message);
  }
  return kept;
}

/** The import stopped: `error` says why, in words a user can act on. */
export async function failImportJob(id: string, error: string): Promise<void> {
  await finish(id, 'failed', { ':error': error });
}

async function finish(id: string, status: 'completed' | 'failed', values: Record<string, unknown>) {
  const set = [
    '#status = :status',
    'finished_at = :now',
    '#error = :error',
    ...(':imported' in values
      ? ['imported = :imported', '#errors = :errors', 'error_count = :count', 'processed_rows = :rows']
      : []),
  ];
  // The condition fails when the job ended already (a second delivery of its event): the first ending stands.
  await conditionHeld(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.job(id),
        UpdateExpression: `SET ${set.join(', ')}`,
        ConditionExpression: '#status IN (:queued, :running)',
        ExpressionAttributeNames: {
          '#status': 'status',
          '#error': 'error',
          ...(':imported' in values ? { '#errors': 'errors' } : {}),
        },
        ExpressionAttributeValues: {
          ...values,
          ':status': status,
          ':now': nowIso(),
          ':queued': 'queued',
          ':running': 'running',
        },
      }),
    ),
  );
}
