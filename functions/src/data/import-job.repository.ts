import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ImportJob } from '@cmp/shared';
import { conditionalWrite, conditionHeld, db, epochSeconds, nowIso, tableName } from './dynamo';
import { putPacked, readPacked } from './packed-chunks';

/**
 * An import job at `IMPORT#<id>` / `JOB`, its file beside it in gzip'd chunks (`FILE#<n>`: an item
 * holds at most 400 KB, a CSV upload 2 MiB). Both expire after IMPORT_KEEP_DAYS (the table's TTL).
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
}

export async function createImportJob(
  job: Pick<ImportJob, 'id' | 'kind' | 'file_name' | 'total_rows'>,
  content: Buffer,
): Promise<ImportJobRecord> {
  const expires_at = epochSeconds(Date.now() + IMPORT_KEEP_DAYS * 86_400_000);
  // The file first: a job exists only with its whole file.
  const chunks = await putPacked(keys.job(job.id).PK, FILE_PREFIX, content, expires_at);
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
export async function readImportFile(id: string): Promise<Buffer> {
  const file = await readPacked(keys.job(id).PK, FILE_PREFIX);
  if (!file) throw new Error(`The file of import ${id} is missing`);
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

/** The import's result: `errors` are every row message, of which the job keeps the first ones. */
export async function completeImportJob(
  id: string,
  result: { imported: number; errors: readonly string[]; processed_rows: number },
): Promise<void> {
  await finish(id, 'completed', {
    ':imported': result.imported,
    ':errors': firstThatFit(result.errors, KEPT_ERROR_BYTES),
    ':count': result.errors.length,
    ':rows': result.processed_rows,
    ':error': null,
  });
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
