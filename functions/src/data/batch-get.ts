import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { mapLimit } from '../lib/map-limit';
import { db, tableName } from './dynamo';

type Key = { PK: string; SK: string };

export interface BatchProjection {
  ProjectionExpression: string;
  ExpressionAttributeNames?: Record<string, string>;
}

/** BatchGetItem's limit of keys per request. */
const KEYS_PER_REQUEST = 100;
/**
 * Requests in flight at once: Finalize reads 60,000 items at 30,000 URLs, and one request at a
 * time would wait for 600 round trips one after another.
 */
const REQUESTS_IN_FLIGHT = 4;

/**
 * Items read by their table keys, strongly consistent (unlike an index), 100 keys a request, a
 * few requests at once, retrying what DynamoDB hands back unprocessed. Keys with no item are left
 * out; the order is DynamoDB's.
 */
export async function batchGetConsistent<T>(keys: readonly Key[], projection: BatchProjection): Promise<T[]> {
  // BatchGetItem refuses a request with a key twice.
  const unique = [...new Map(keys.map((key) => [`${key.PK}\u0000${key.SK}`, key])).values()];
  const batches = Array.from({ length: Math.ceil(unique.length / KEYS_PER_REQUEST) }, (_, n) =>
    unique.slice(n * KEYS_PER_REQUEST, (n + 1) * KEYS_PER_REQUEST),
  );
  const read = await mapLimit(batches, REQUESTS_IN_FLIGHT, (batch) => batchGet<T>(batch, projection));
  return read.flat();
}

async function batchGet<T>(keys: Key[], projection: BatchProjection): Promise<T[]> {
  const items: T[] = [];
  let pending = keys;
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt > 8) throw new Error('DynamoDB kept keys unprocessed');
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 50 * 2 ** attempt)));
    const { Responses, UnprocessedKeys } = await db().send(
      new BatchGetCommand({
        RequestItems: { [tableName()]: { Keys: pending, ConsistentRead: true, ...projection } },
      }),
    );
    items.push(...((Responses?.[tableName()] ?? []) as T[]));
    pending = (UnprocessedKeys?.[tableName()]?.Keys ?? []) as Key[];
  }
  return items;
}
