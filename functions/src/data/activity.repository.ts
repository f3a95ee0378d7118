import { randomBytes } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ActivityEntry, ActivityKind } from '@cmp/shared';
import { db, nowIso, tableName } from './dynamo';

/**
 * The activity log (issue 33): one item per change request at `ACTIVITY#<YYYY-MM>` / `<time>#<random>`,
 * a partition a month so no one partition takes every write, kept 400 days. Read newest first, month
 * by month.
 */
const KEEP_DAYS = 400;
/** How far back a read without `from` looks. */
const MONTHS_BACK = 13;

const month = (iso: string) => iso.slice(0, 7);
const partition = (yearMonth: string) => `ACTIVITY#${yearMonth}`;

export async function putActivity(entry: Omit<ActivityEntry, 'id' | 'at'>): Promise<void> {
  const at = nowIso();
  const id = `${at}#${randomBytes(4).toString('hex')}`;
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        PK: partition(month(at)),
        SK: id,
        id,
        at,
        ...entry,
        expires_at: Math.floor(Date.parse(at) / 1000) + KEEP_DAYS * 86_400,
      },
    }),
  );
}

export interface ActivityFilter {
  limit: number;
  /** Entries older than this id only (the previous page's last). */
  before?: string | undefined;
  userId?: number | undefined;
  kind?: ActivityKind | undefined;
  /** ISO times, both included. */
  from?: string | undefined;
  to?: string | undefined;
}

/** The months from `to`'s back to `from`'s, newest first. */
function monthsBetween(to: string, from: string): string[] {
  const months: string[] = [];
  const at = new Date(`${month(to)}-01T00:00:00Z`);
  while (month(at.toISOString()) >= month(from)) {
    months.push(month(at.toISOString()));
    at.setUTCMonth(at.getUTCMonth() - 1);
  }
  return months;
}

/** A page of entries, newest first, and whether older ones may follow. */
export async function listActivity(
  filter: ActivityFilter,
): Promise<{ entries: ActivityEntry[]; more: boolean }> {
  const now = nowIso();
  const to = filter.before && (!filter.to || filter.before < filter.to) ? filter.before : (filter.to ?? now);
  const fallback = new Date(Date.parse(now));
  fallback.setUTCMonth(fallback.getUTCMonth() - MONTHS_BACK);
  const from = filter.from ?? fallback.toISOString();
  const entries: ActivityEntry[] = [];
  const conditions: string[] = [];
  const values: Record<string, unknown> = {};
  if (filter.userId !== undefined) {
    conditions.push('user_id = :user');
    values[':user'] = filter.userId;
  }
  if (filter.kind !== undefined) {
    conditions.push('kind = :kind');
    values[':kind'] = filter.kind;
  }
  for (const yearMonth of monthsBetween(to, from)) {
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await db().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
          ...(conditions.length > 0 ? { FilterExpression: conditions.join(' AND ') } : {}),
          ExpressionAttributeValues: {
            ':pk': partition(yearMonth),
            ':from': from,
            // Strictly before a cursor; up to the end of the day asked for otherwise.
            ':to': filter.before && to === filter.before ? filter.before : `${to}\uffff`,
            ...values,
          },
          ScanIndexForward: false,
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of page.Items ?? []) {
        if (item.SK === filter.before) continue;
        if (entries.length === filter.limit) return { entries, more: true };
        entries.push(toEntry(item));
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey);
  }
  return { entries, more: false };
}

function toEntry(item: Record<string, unknown>): ActivityEntry {
  return {
    id: String(item.id),
    at: String(item.at),
    user_id: Number(item.user_id),
    username: String(item.username),
    kind: item.kind as ActivityKind,
    action: String(item.action),
    what: String(item.what),
    target: typeof item.target === 'string' ? item.target : null,
    changes: Array.isArray(item.changes) ? (item.changes as ActivityEntry['changes']) : [],
    more_changes: Number(item.more_changes ?? 0),
  };
}
