import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { CompetitorFields } from '@cmp/shared';
import { nextId } from './counter.repository';
import { conditionHeld, db, nowIso, tableName } from './dynamo';
import { queryAll } from './query-all';

/**
 * Competitors (issue 32), one item each at `COMPETITOR` / `<id>`: tens of them, listed by one query.
 * What discovery finds of each is kept elsewhere.
 */
export interface CompetitorRecord extends CompetitorFields {
  id: number;
  created_at: string;
  updated_at: string;
}

const PARTITION = 'COMPETITOR';
const key = (id: number) => ({ PK: PARTITION, SK: String(id).padStart(10, '0') });

const fromItem = ({ PK: _pk, SK: _sk, ...record }: Record<string, unknown>) =>
  record as unknown as CompetitorRecord;

export async function listCompetitors(): Promise<CompetitorRecord[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': PARTITION },
    ConsistentRead: true,
  });
  return items.map(fromItem);
}

export async function createCompetitor(fields: CompetitorFields): Promise<CompetitorRecord> {
  const now = nowIso();
  const record: CompetitorRecord = {
    id: await nextId('competitor'),
    ...fields,
    created_at: now,
    updated_at: now,
  };
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...key(record.id), ...record } }));
  return record;
}

/** Replaces the competitor's fields; false when it was deleted meanwhile. */
export async function updateCompetitor(
  existing: CompetitorRecord,
  fields: CompetitorFields,
): Promise<CompetitorRecord | undefined> {
  const record: CompetitorRecord = { ...existing, ...fields, updated_at: nowIso() };
  const written = await conditionHeld(
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...key(record.id), ...record },
        ConditionExpression: 'attribute_exists(PK)',
      }),
    ),
  );
  return written ? record : undefined;
}

export async function deleteCompetitor(id: number): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: key(id) }));
}
