import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './dynamo';

type Key = { PK: string; SK: string };

export interface BatchProjection {
  ProjectionExpression: string;
  ExpressionAttributeNames?: Record<string, string>;
}

/**
 * Items read by their table keys, strongly consistent (unlike an index), 100 keys a request
 * (BatchGetItem's limit), retrying what DynamoDB hands back unprocessed. Keys with no item are
 * left out; the order is DynamoDB's.
 */
export async function batchGetConsistent<T>(keys: readonly Key[], projection: BatchProjection): Promise<T[]> {
  // BatchGetItem refuses a request with a key twice.
  const unique = [...new Map(keys.map((key) => [`${key.PK}\u0000${key.SK}`, key])).values()];
  const items: T[] = [];
  for (let start = 0; start < unique.length; start += 100) {
    let pending = unique.slice(start, start + 100);
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
  }
  return items;
}
