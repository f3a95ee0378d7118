import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './dynamo';
import { queryAll } from './query-all';

type Key = { PK: string; SK: string };
type WriteRequest = { DeleteRequest: { Key: Key } } | { PutRequest: { Item: Record<string, unknown> } };

/** Writes 25 requests at a time (BatchWriteItem's limit), retrying what DynamoDB hands back unprocessed. */
async function batchWrite(requests: readonly WriteRequest[]): Promise<void> {
  for (let start = 0; start < requests.length; start += 25) {
    let pending = requests.slice(start, start + 25);
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 50 * 2 ** attempt)));
      const { UnprocessedItems } = await db().send(
        new BatchWriteCommand({ RequestItems: { [tableName()]: pending as WriteRequest[] } }),
      );
      pending = (UnprocessedItems?.[tableName()] ?? []) as WriteRequest[];
      if (attempt > 8 && pending.length > 0) throw new Error('DynamoDB kept items unprocessed');
    }
  }
}

export const batchDelete = (keys: readonly Key[]) =>
  batchWrite(keys.map((Key) => ({ DeleteRequest: { Key } })));

/** Puts whole items, unconditionally (BatchWriteItem takes no conditions). */
export const batchPut = (items: readonly Record<string, unknown>[]) =>
  batchWrite(items.map((Item) => ({ PutRequest: { Item } })));

/** Deletes every item of one partition (a URL's price records, a product's price changes). */
export async function deletePartition(partition: string): Promise<void> {
  const items = await queryAll<Key>({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': partition },
    ProjectionExpression: 'PK, SK',
    ConsistentRead: true,
  });
  await batchDelete(items);
}
