import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './dynamo';

/** Integer ids (the API exposes `id` and `product_id` as integers) from an atomic counter per entity. */
export type CountedEntity =
  | 'user'
  | 'product'
  | 'category'
  | 'competitor-url'
  | 'competitor'
  | 'match-suggestion'
  | 'pricing-rule';

const counterKey = (entity: CountedEntity) => ({ PK: 'COUNTER', SK: entity });

export async function nextId(entity: CountedEntity): Promise<number> {
  return reserveIds(entity, 1);
}

/** Reserves `count` consecutive ids in one request (bulk imports); returns the first. */
export async function reserveIds(entity: CountedEntity, count: number): Promise<number> {
  const { Attributes } = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: counterKey(entity),
      UpdateExpression: 'ADD #value :count',
      ExpressionAttributeNames: { '#value': 'value' },
      ExpressionAttributeValues: { ':count': count },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(Attributes?.value) - count + 1;
}

/** The highest id issued so far, 0 when none. */
export async function lastIssuedId(entity: CountedEntity): Promise<number> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: counterKey(entity) }));
  return Number(Item?.value ?? 0);
}
