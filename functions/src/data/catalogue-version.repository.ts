import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './dynamo';

/**
 * A number that moves on whenever something the whole-catalogue lists show changes (a product, a
 * category, a competitor URL or its latest observation), with the time it last moved. The list
 * endpoints keep their last answer until it moves (see http/catalogue-cache.ts). Every repository
 * write those lists read calls `catalogueChanged` after it succeeds.
 */
export interface CatalogueVersion {
  value: number;
  /** Epoch milliseconds of the last change; 0 when nothing changed yet. */
  changedAt: number;
}

const KEY = { PK: 'VERSION', SK: 'CATALOGUE' };

export async function catalogueChanged(): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: KEY,
      UpdateExpression: 'ADD #value :one SET changed_at = :now',
      ExpressionAttributeNames: { '#value': 'value' },
      ExpressionAttributeValues: { ':one': 1, ':now': Date.now() },
    }),
  );
}

export async function readCatalogueVersion(): Promise<CatalogueVersion> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: KEY, ConsistentRead: true }));
  return { value: Number(Item?.value ?? 0), changedAt: Number(Item?.changed_at ?? 0) };
}
