import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ComparisonSettings } from '@cmp/shared';
import { db, nowIso, tableName } from './dynamo';

/** The comparison settings (issue 33): one item at `COMPARISON_SETTINGS`; the defaults until an admin saves. */
const KEY = { PK: 'COMPARISON_SETTINGS', SK: 'COMPARISON_SETTINGS' };

export async function readComparisonSettings(): Promise<ComparisonSettings> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: KEY, ConsistentRead: true }),
  );
  return { compare_in_stock_only: Item?.compare_in_stock_only === true };
}

export async function saveComparisonSettings(settings: ComparisonSettings): Promise<void> {
  await db().send(
    new PutCommand({ TableName: tableName(), Item: { ...KEY, ...settings, updated_at: nowIso() } }),
  );
}
