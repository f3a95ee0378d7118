import { randomBytes } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { OwnPriceChange } from '@cmp/shared';
import { deletePartition } from './batch-write';
import { db, nowIso, tableName } from './dynamo';
import { queryAll } from './query-all';

/**
 * Our own price's history (issue 33): each change of a product's `current_price` at
 * `OWN_PRICES#<product id>` / `<time>#<random>`, oldest first, with what changed it: `user:<id>`
 * (the form), `import:<id>` (a CSV import) or `rule:<id>` (an applied suggestion).
 */
const partition = (productId: number) => `OWN_PRICES#${productId}`;

export async function recordOwnPriceChange(
  productId: number,
  change: Omit<OwnPriceChange, 'at'>,
): Promise<void> {
  const at = nowIso();
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { PK: partition(productId), SK: `${at}#${randomBytes(3).toString('hex')}`, at, ...change },
    }),
  );
}

export async function listOwnPriceChanges(productId: number): Promise<OwnPriceChange[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': partition(productId) },
  });
  return items.map(({ at, old_price, new_price, changed_by }) => ({
    at: String(at),
    old_price: Number(old_price),
    new_price: Number(new_price),
    changed_by: String(changed_by),
  }));
}

/** Forgets a deleted product's price changes. */
export const deleteOwnPriceChanges = (productId: number) => deletePartition(partition(productId));
