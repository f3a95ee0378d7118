import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { perSettings } from '../config';
import { conditionHeld, db, tableName } from './dynamo';

/**
 * How many products and competitor URLs there are, kept in one item (`COUNTS` / `CATALOGUE`) by
 * `catalogueWrite` (catalogue-write.ts), through which the repositories create and delete them.
 * The overview and the scraper status read this one item instead of counting 30,000 URLs 1 MB page
 * by page (about 10 requests and a second at 10,000 products, measured by `npm run bench:api`).
 *
 * Without transactions (decisions 10) a function that dies between its write and its count leaves
 * the count off by one; `recount` puts it right from a COUNT query, and a whole-catalogue scrape run
 * calls it each time. A table from before counts were kept has no such item: the first read counts.
 */
export type CountedKind = 'products' | 'competitor_urls';

const KEY = { PK: 'COUNTS', SK: 'CATALOGUE' };

/** Adds `delta` to a count that is kept already; one not yet established is left to its first read. */
export async function adjustCount(kind: CountedKind, delta: number): Promise<void> {
  await conditionHeld(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: KEY,
        UpdateExpression: 'ADD #kind :delta',
        ConditionExpression: 'attribute_exists(#kind)',
        ExpressionAttributeNames: { '#kind': kind },
        ExpressionAttributeValues: { ':delta': delta },
      }),
    ),
  );
}

/**
 * The counts being established by a first read, per kind. Callers finding none kept share that one
 * count: every open dashboard polls the status, and each counting 30,000 URLs at once (the load
 * benchmark's 50 clients made 16–25 such counts) took more CPU than building the three lists.
 */
const firstCounts = perSettings(() => new Map<CountedKind, Promise<number>>());

/** The kept count, or, where none is kept yet, what `countAll` finds (which is then kept). */
export async function readCount(kind: CountedKind, countAll: () => Promise<number>): Promise<number> {
  const kept = await keptCount(kind);
  if (kept !== undefined) return kept;
  const counting = firstCounts();
  let shared = counting.get(kind);
  if (!shared) {
    shared = recount(kind, countAll).finally(() => counting.delete(kind));
    counting.set(kind, shared);
  }
  return shared;
}

/**
 * Sets the count to what `countAll` finds, unless a create or delete changed it meanwhile (that
 * write is newer than the count, so the next recount settles it). Returns what it found.
 */
export async function recount(kind: CountedKind, countAll: () => Promise<number>): Promise<number> {
  const before = await keptCount(kind);
  const counted = await countAll();
  await setCountIfStill(kind, before, counted);
  return counted;
}

/** Sets the count to `value` if it is still `before` (undefined: none kept); false when it moved meanwhile. */
async function setCountIfStill(kind: CountedKind, before: number | undefined, value: number) {
  return conditionHeld(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: KEY,
        UpdateExpression: 'SET #kind = :value',
        ConditionExpression: before === undefined ? 'attribute_not_exists(#kind)' : '#kind = :before',
        ExpressionAttributeNames: { '#kind': kind },
        ExpressionAttributeValues: {
          ':value': value,
          ...(before === undefined ? {} : { ':before': before }),
        },
      }),
    ),
  );
}

/**
 * An import's one count update: it read the kept count (`kept`), then listed `listed` items, and
 * created `created`. While the count is still `kept` (no other write moved it), it becomes
 * `listed + created`, which also puts right what an earlier import cut off half-way never counted;
 * otherwise `created` is added to it.
 */
export async function settleImportedCount(
  kind: CountedKind,
  kept: number | undefined,
  listed: number,
  created: number,
): Promise<void> {
  if (kept !== undefined && (await setCountIfStill(kind, kept, listed + created))) return;
  if (created !== 0) await adjustCount(kind, created);
}

export async function keptCount(kind: CountedKind): Promise<number | undefined> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: KEY, ConsistentRead: true }),
  );
  const value = Item?.[kind];
  return typeof value === 'number' ? value : undefined;
}
