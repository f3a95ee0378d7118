import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './dynamo';

type Key = { PK: string; SK: string };

/** Deletes keys 25 at a time (BatchWriteItem's limit), retrying what DynamoDB hands back unprocessed. */
export async function batchDelete(keys: Key[]): Promise<void> {
  for (let start = 0; start < keys.length; start += 25) {
    let requests = keys.slice(start, start + 25).map((Key) => ({ DeleteRequest: { Key } }));
    for (let attempt = 0; requests.length > 0; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 50 * 2 ** attempt)));
      const { UnprocessedItems } = await db().send(
        new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }),
      );
      requests = (UnprocessedItems?.[tableName()] ?? []) as typeof requests;
      if (attempt > 8 && requests.length > 0) throw new Error('DynamoDB kept items unprocessed');
    }
  }
}
