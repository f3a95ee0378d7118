import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { PricingRule } from '@cmp/shared';
import { db, nowIso, tableName } from './dynamo';

/** The ordered pricing rules (issue 33), one item at `PRICING_RULES`: at most 100, read whole. */
export type StoredPricingRule = PricingRule & { id: number };

const KEY = { PK: 'PRICING_RULES', SK: 'PRICING_RULES' };

export async function readPricingRules(): Promise<StoredPricingRule[]> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: KEY, ConsistentRead: true }),
  );
  return (Item?.rules ?? []) as StoredPricingRule[];
}

export async function savePricingRules(rules: readonly StoredPricingRule[]): Promise<void> {
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...KEY, rules, updated_at: nowIso() } }));
}
