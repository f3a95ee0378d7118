import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './dynamo';

/** Integer ids (the API exposes `id` and `product_id` as integers) from an atomic counter per entity. */
export type CountedEntity = 'user' | 'product' | 'category' | 'competitor-url';

const counterKey = (entity: CountedEntity) => ({ PK: 'COUNTER', SK: entity });

export async function nextId(entity: CountedEntity): Promise<number> {
  const { Attributes } = await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: counterKey(entity),
      UpdateExpression: 'ADD #value :one',
      ExpressionAttributeNames: { '#value': 'value' },
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(Attributes?.value);
}

/** The highest id issued so far, 0 when none. */
export async function lastIssuedId(entity: CountedEntity): Promise<number> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: counterKey(entity) }));
  return Number(Item?.value ?? 0);
}
