import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './dynamo';

/**
 * A number that moves on whenever something the whole-catalogue lists show changes (a product, a
 * category, a competitor URL), with the time it last moved. The list endpoints keep their last
 * answer until it moves (see http/catalogue-cache.ts). Every repository write those lists read
 * goes through `catalogueWrite` (catalogue-write.ts), which moves it after the write succeeds. A scrape run changes the latest observations all
 * along: it moves the version when it starts and when it ends and marks the catalogue as changing
 * meanwhile (`runActive`), so the lists refresh every few seconds while it runs without a write per URL.
 */
export interface CatalogueVersion {
  value: number;
  /** Epoch milliseconds of the last change; 0 when nothing changed yet. */
  changedAt: number;
  runActive: boolean;
}

const KEY = { PK: 'VERSION', SK: 'CATALOGUE' };

/** `run`: a scrape run starts (the catalogue keeps changing until it ends) or ends. */
export async function catalogueChanged(run?: 'started' | 'ended'): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: KEY,
      UpdateExpression: `ADD #value :one SET changed_at = :now${run ? ', run_active = :active' : ''}`,
      ExpressionAttributeNames: { '#value': 'value' },
      ExpressionAttributeValues: {
        ':one': 1,
        ':now': Date.now(),
        ...(run ? { ':active': run === 'started' } : {}),
      },
    }),
  );
}

export async function readCatalogueVersion(): Promise<CatalogueVersion> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: KEY, ConsistentRead: true }),
  );
  return {
    value: Number(Item?.value ?? 0),
    changedAt: Number(Item?.changed_at ?? 0),
    runActive: Item?.run_active === true,
  };
}
