import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { MatchReason, MatchStatus } from '@cmp/shared';
import { batchDelete, batchPut } from './batch-write';
import { reserveIds } from './counter.repository';
import type { FoundProductRecord } from './discovered-page.repository';
import { conditionHeld, db, nowIso, tableName } from './dynamo';
import { queryAll } from './query-all';
import { GSI1 } from './table';

/**
 * Suggested matches (issue 32): each at `MATCH#<id>` / `MATCH`, listed per competitor through
 * GSI1 (`MATCHES#<competitor id>`). A rejected pair is also kept at `MATCH_REJECTED#<competitor id>`
 * / `<product id> <url>`, so that no later job suggests it again, whatever happens to the suggestion.
 */
export interface MatchSuggestionRecord {
  id: number;
  competitor_id: number;
  product_id: number;
  status: MatchStatus;
  reason: MatchReason;
  score: number;
  /** Their product as found when suggested. */
  theirs: FoundProductRecord;
  created_at: string;
  decided_at: string | null;
  decided_by: string | null;
  competitor_url_id: number | null;
}

const key = (id: number) => ({ PK: `MATCH#${id}`, SK: 'MATCH' });
const listKey = (competitorId: number) => `MATCHES#${competitorId}`;
const rejectedPartition = (competitorId: number) => `MATCH_REJECTED#${competitorId}`;
const pairKey = (productId: number, url: string) => `${productId} ${url}`;

const item = (record: MatchSuggestionRecord) => ({
  ...key(record.id),
  GSI1PK: listKey(record.competitor_id),
  GSI1SK: String(record.id).padStart(12, '0'),
  ...record,
});
const fromItem = ({ PK: _pk, SK: _sk, GSI1PK: _g, GSI1SK: _s, ...record }: Record<string, unknown>) =>
  record as unknown as MatchSuggestionRecord;

export async function listSuggestions(competitorId: number): Promise<MatchSuggestionRecord[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: GSI1,
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': listKey(competitorId) },
  });
  return items.map(fromItem);
}

export async function getSuggestion(id: number): Promise<MatchSuggestionRecord | undefined> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: key(id), ConsistentRead: true }),
  );
  return Item && fromItem(Item);
}

/**
 * A job's suggestions replace the competitor's pending ones; accepted and rejected ones stay.
 * Returns the new records.
 */
export async function replacePendingSuggestions(
  competitorId: number,
  suggestions: readonly Omit<
    MatchSuggestionRecord,
    'id' | 'created_at' | 'status' | 'decided_at' | 'decided_by' | 'competitor_url_id'
  >[],
): Promise<MatchSuggestionRecord[]> {
  const pending = (await listSuggestions(competitorId)).filter((s) => s.status === 'pending');
  const first = suggestions.length > 0 ? await reserveIds('match-suggestion', suggestions.length) : 0;
  const now = nowIso();
  const records = suggestions.map(
    (suggestion, at): MatchSuggestionRecord => ({
      ...suggestion,
      id: first + at,
      status: 'pending',
      created_at: now,
      decided_at: null,
      decided_by: null,
      competitor_url_id: null,
    }),
  );
  await batchPut(records.map(item));
  await batchDelete(pending.map((s) => key(s.id)));
  return records;
}

/** Records a decision on a pending suggestion; false when it was no longer pending. */
export async function decideSuggestion(
  record: MatchSuggestionRecord,
  decision: Pick<MatchSuggestionRecord, 'status' | 'decided_by' | 'competitor_url_id'>,
): Promise<MatchSuggestionRecord | undefined> {
  const decided: MatchSuggestionRecord = { ...record, ...decision, decided_at: nowIso() };
  const written = await conditionHeld(
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: item(decided),
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':pending': 'pending' },
      }),
    ),
  );
  if (!written) return undefined;
  if (decided.status === 'rejected')
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          PK: rejectedPartition(record.competitor_id),
          SK: pairKey(record.product_id, record.theirs.url),
          decided_at: decided.decided_at,
        },
      }),
    );
  return decided;
}

/** The pairs staff rejected at the competitor, as `<product id> <url>`. */
export async function rejectedPairs(competitorId: number): Promise<Set<string>> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': rejectedPartition(competitorId) },
    ProjectionExpression: 'SK',
  });
  return new Set(items.map((i) => String(i.SK)));
}

export const rejectedPairKey = pairKey;
