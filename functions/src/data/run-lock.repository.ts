import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { conditionHeld, db, tableName } from './dynamo';

/**
 * The single-run lock at `SCRAPER_LOCK`: the run that holds it is the one running (the runs
 * themselves are scrape-run.repository.ts). Taken and released with conditional writes, so of
 * many simultaneous starts exactly one runs.
 */
export interface RunLock {
  run_id: string;
  /** Epoch ms when the lock was taken; a lock older than the run timeout is stale. */
  taken_at: number;
  execution_arn: string | null;
}

const KEY = { PK: 'SCRAPER_LOCK', SK: 'LOCK' };

/**
 * Takes the single-run lock for `runId` with a conditional write: free, already this run's, or
 * stale (older than `staleAfterMs`). Returns the lock it replaced when that one was stale, or
 * 'taken'; false when another run holds a live lock.
 */
export async function takeRunLock(
  runId: string,
  nowMs: number,
  staleAfterMs: number,
  executionArn: string | null,
): Promise<{ replaced: RunLock | null } | false> {
  const previous = await getRunLock();
  const taken = await conditionHeld(
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...KEY, run_id: runId, taken_at: nowMs, execution_arn: executionArn },
        ConditionExpression: 'attribute_not_exists(PK) OR run_id = :me OR taken_at < :stale',
        ExpressionAttributeValues: { ':me': runId, ':stale': nowMs - staleAfterMs },
      }),
    ),
  );
  if (!taken) return false;
  const replaced = previous && previous.run_id !== runId ? previous : null;
  return { replaced };
}

export async function getRunLock(): Promise<RunLock | undefined> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: KEY, ConsistentRead: true }),
  );
  return Item
    ? { run_id: Item.run_id, taken_at: Item.taken_at, execution_arn: Item.execution_arn ?? null }
    : undefined;
}

/** Releases the lock, but only if `runId` still holds it. */
export async function releaseRunLock(runId: string): Promise<void> {
  await conditionHeld(
    db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: KEY,
        ConditionExpression: 'run_id = :me',
        ExpressionAttributeValues: { ':me': runId },
      }),
    ),
  );
}
