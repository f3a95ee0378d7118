import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, epochSeconds, isConditionFailed, tableName } from './dynamo';

/**
 * Failed sign-in counters in fixed windows, one item per subject (`THROTTLE#account#<id>`,
 * `THROTTLE#address#<ip>`). Expiry is checked in code; the TTL attribute only lets AWS clean up.
 */
export type ThrottleSubject = { kind: 'account' | 'address'; value: string };

export interface FailureWindow {
  count: number;
  windowStartMs: number;
}

const throttleKey = ({ kind, value }: ThrottleSubject) => ({
  PK: `THROTTLE#${kind}#${value.toLowerCase()}`,
  SK: 'THROTTLE',
});

/** The failures counted in the window that is still open at `nowMs`, if any. */
export async function currentFailures(
  subject: ThrottleSubject,
  nowMs: number,
  windowMs: number,
): Promise<FailureWindow | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: throttleKey(subject) }));
  if (!Item || Item.window_start + windowMs <= nowMs) return undefined;
  return { count: Item.count, windowStartMs: Item.window_start };
}

/** Counts one failure: into the open window, or as the first of a new one. */
export async function recordFailure(
  subject: ThrottleSubject,
  nowMs: number,
  windowMs: number,
): Promise<void> {
  const key = throttleKey(subject);
  const cutoff = nowMs - windowMs;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: key,
          UpdateExpression: 'ADD #count :one',
          ConditionExpression: 'window_start > :cutoff',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':one': 1, ':cutoff': cutoff },
        }),
      );
      return;
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
    }
    try {
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...key, count: 1, window_start: nowMs, expires_at: epochSeconds(nowMs + windowMs) },
          ConditionExpression: 'attribute_not_exists(PK) OR window_start <= :cutoff',
          ExpressionAttributeValues: { ':cutoff': cutoff },
        }),
      );
      return;
    } catch (error) {
      // Another request opened the window first: count into it on the next pass.
      if (!isConditionFailed(error)) throw error;
    }
  }
}

export async function clearFailures(subject: ThrottleSubject): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName, Key: throttleKey(subject) }));
}
