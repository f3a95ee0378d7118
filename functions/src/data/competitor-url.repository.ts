import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CheckOutcome } from '@cmp/shared';
import { batchGetConsistent } from './batch-get';
import { batchPut } from './batch-write';
import { readCount } from './catalogue-counts.repository';
import { catalogueWrite } from './catalogue-write';
import { lastIssuedId, reserveIds } from './counter.repository';
import { conditionHeld, db, isConditionFailed, nowIso, tableName } from './dynamo';
import { deletePriceRecordsOfUrl } from './price-record.repository';
import { countAll, queryAll, queryAllById, sortableId } from './query-all';
import { GSI1, GSI2 } from './table';
import { claimUrl, releaseUrls, urlKey } from './url-claims';

/**
 * Competitor URLs at `COMPETITOR_URL#<id>`. GSI1 (`COMPETITOR_URLS`) lists them all; GSI2
 * (`PRODUCT_URLS#<product id>`) lists one product's. A URL is claimed once per product in its
 * product's set of URL keys (url-claims.ts).
 */
export interface CompetitorUrlRecord {
  id: number;
  product_id: number;
  competitor_name: string;
  url: string;
  created_at: string;
  updated_at: string;
  latest?: LatestObservation;
  /** The price the comparison uses: the last one that passed the plausibility gate or a person accepted. */
  accepted?: AcceptedObservation;
  /** The price the latest check held for review, while it waits. */
  held?: HeldPrice;
  /** A price a person rejected: finding it again does not confirm it. */
  rejected?: { price: number; currency: string | null };
  /** Checks in a row that could not read the page (blocked or failed). */
  consecutive_failures?: number;
}

/** What a run changes on a URL: its latest check, its accepted and held prices, its failures in a row. */
export const RUN_FIELDS = ['latest', 'accepted', 'held', 'consecutive_failures'] as const;
export type UrlRunState = Pick<CompetitorUrlRecord, 'id' | (typeof RUN_FIELDS)[number]>;

export type CompetitorUrlFields = Pick<CompetitorUrlRecord, 'product_id' | 'competitor_name' | 'url'>;

const LIST = 'COMPETITOR_URLS';
const keys = {
  url: (id: number) => ({ PK: `COMPETITOR_URL#${id}`, SK: 'COMPETITOR_URL' }),
  byProduct: (productId: number) => `PRODUCT_URLS#${productId}`,
};

const FIELDS = [
  'id',
  'product_id',
  'competitor_name',
  'url',
  'created_at',
  'updated_at',
  'latest',
  'accepted',
  'held',
  'rejected',
  'consecutive_failures',
];
const projection = {
  ProjectionExpression: FIELDS.map((f) => `#${f}`).join(', '),
  ExpressionAttributeNames: Object.fromEntries(FIELDS.map((f) => [`#${f}`, f])),
};

export const urlConflict = (url: string) => `This product already has the competitor URL ${url}`;

export async function listCompetitorUrls(): Promise<CompetitorUrlRecord[]> {
  return queryAllById<CompetitorUrlRecord>(LIST, await lastIssuedId('competitor-url'), {
    TableName: tableName(),
    ...projection,
  });
}

/** How many competitor URLs there are: the kept count, one item read. */
export async function countCompetitorUrls(): Promise<number> {
  return readCount('competitor_urls', countCompetitorUrlItems);
}

/** Whether any competitor URL exists, from the items themselves (one item read at most). */
export async function anyCompetitorUrl(): Promise<boolean> {
  const { Count } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: GSI1,
      KeyConditionExpression: 'GSI1PK = :list',
      ExpressionAttributeValues: { ':list': LIST },
      Select: 'COUNT',
      Limit: 1,
    }),
  );
  return (Count ?? 0) > 0;
}

/** Counts the competitor URL items themselves (a COUNT query: no items travel); see `recount`. */
export async function countCompetitorUrlItems(): Promise<number> {
  return countAll({
    TableName: tableName(),
    IndexName: GSI1,
    KeyConditionExpression: 'GSI1PK = :list',
    ExpressionAttributeValues: { ':list': LIST },
  });
}

export async function listCompetitorUrlsOfProduct(productId: number): Promise<CompetitorUrlRecord[]> {
  return queryAll<CompetitorUrlRecord>({
    TableName: tableName(),
    IndexName: GSI2,
    KeyConditionExpression: 'GSI2PK = :product',
    ExpressionAttributeValues: { ':product': keys.byProduct(productId) },
    ...projection,
  });
}

export async function getCompetitorUrl(id: number): Promise<CompetitorUrlRecord | undefined> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.url(id), ConsistentRead: true, ...projection }),
  );
  return Item as CompetitorUrlRecord | undefined;
}

/**
 * What the last checks left on these URLs (their latest check, accepted and held prices, failures
 * in a row), read by key, strongly consistent (a run's snapshot); URLs deleted are left out.
 */
export const getUrlRunStates = (ids: readonly number[]): Promise<UrlRunState[]> =>
  batchGetConsistent<UrlRunState>(ids.map(keys.url), {
    ProjectionExpression: ['#id', ...RUN_FIELDS.map((field) => `#${field}`)].join(', '),
    ExpressionAttributeNames: Object.fromEntries(['id', ...RUN_FIELDS].map((f) => [`#${f}`, f])),
  });

export async function createCompetitorUrl(
  fields: CompetitorUrlFields,
  id?: number,
): Promise<CompetitorUrlRecord> {
  const urlId = id ?? (await reserveIds('competitor-url', 1));
  await claimUrl(fields.product_id, fields.url, urlConflict(fields.url), 'url');
  const record = newCompetitorUrlRecord(fields, urlId);
  await catalogueWrite(
    async () => {
      try {
        await put(record);
      } catch (error) {
        await releaseUrls(fields.product_id, [fields.url]);
        throw error;
      }
    },
    { competitor_urls: 1 },
  );
  return record;
}

export function newCompetitorUrlRecord(fields: CompetitorUrlFields, id: number): CompetitorUrlRecord {
  const now = nowIso();
  return { ...fields, id, created_at: now, updated_at: now };
}

/**
 * Writes new URL items 25 to a request, their URLs claimed already (an import): the catalogue
 * version and counts are the caller's to move, once for the whole import.
 */
export async function putCompetitorUrlItems(records: readonly CompetitorUrlRecord[]): Promise<void> {
  await batchPut(records.map(item));
}

export async function updateCompetitorUrl(
  existing: CompetitorUrlRecord,
  fields: CompetitorUrlFields,
): Promise<CompetitorUrlRecord> {
  const moved = existing.product_id !== fields.product_id || urlKey(existing.url) !== urlKey(fields.url);
  if (moved) await claimUrl(fields.product_id, fields.url, urlConflict(fields.url), 'url');
  const record: CompetitorUrlRecord = { ...existing, ...fields, updated_at: nowIso() };
  // An update, not a put: the latest observation the scraper keeps on the item must survive an edit.
  await catalogueWrite(
    () =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.url(existing.id),
          UpdateExpression:
            'SET product_id = :product, competitor_name = :name, #url = :url, updated_at = :now, GSI2PK = :byProduct',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeNames: { '#url': 'url' },
          ExpressionAttributeValues: {
            ':product': record.product_id,
            ':name': record.competitor_name,
            ':url': record.url,
            ':now': record.updated_at,
            ':byProduct': keys.byProduct(record.product_id),
          },
        }),
      ),
    {},
    { kind: 'urls', id: existing.id },
  );
  if (moved) await releaseUrls(existing.product_id, [existing.url]);
  return record;
}

/** The scraper's latest look at a URL, kept on the URL item for the dashboard. */
export interface LatestObservation extends CheckOutcome {
  run_id: string;
}

/** An accepted price with what its check saw. */
export type AcceptedObservation = Pick<
  LatestObservation,
  'run_id' | 'price' | 'currency' | 'in_stock' | 'confidence' | 'scraped_at'
> & { price: number };

export interface HeldPrice {
  run_id: string;
  price: number;
  currency: string | null;
  scraped_at: string;
}

/** What a check does to the URL's kept prices (scrape-run/judge-check.ts decides it). */
export interface UrlCheckEffect {
  effect: 'accept' | 'hold' | 'clear' | 'keep';
  /** The check could not read the page: one more in the URL's run of failures; else the run ends. */
  unreachable: boolean;
}

/**
 * Stores a run's observation unless a later run already stored one (runs sort by start time),
 * with what it does to the accepted and held prices and the failure count, in one conditional
 * write. The run as a whole moves the catalogue version (see catalogue-version.repository), not
 * each URL. Returns false when the URL no longer exists (deleted meanwhile).
 */
export async function recordLatestObservation(
  urlId: number,
  observation: LatestObservation,
  { effect, unreachable }: UrlCheckEffect,
): Promise<boolean> {
  const values: Record<string, unknown> = {
    ':observation': observation,
    ':run': observation.run_id,
    ':zero': 0,
    ...(unreachable ? { ':one': 1 } : {}),
  };
  const set = [
    'latest = :observation',
    unreachable
      ? 'consecutive_failures = if_not_exists(consecutive_failures, :zero) + :one'
      : 'consecutive_failures = :zero',
  ];
  const remove: string[] = [];
  if (effect === 'accept' && observation.price !== null) {
    set.push('accepted = :accepted');
    remove.push('held');
    values[':accepted'] = {
      run_id: observation.run_id,
      price: observation.price,
      currency: observation.currency,
      in_stock: observation.in_stock,
      confidence: observation.confidence,
      scraped_at: observation.scraped_at,
    } satisfies AcceptedObservation;
  } else if (effect === 'hold' && observation.price !== null) {
    set.push('held = :held');
    values[':held'] = {
      run_id: observation.run_id,
      price: observation.price,
      currency: observation.currency,
      scraped_at: observation.scraped_at,
    } satisfies HeldPrice;
  } else if (effect === 'clear') remove.push('accepted', 'held');
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.url(urlId),
        UpdateExpression: `SET ${set.join(', ')}${remove.length > 0 ? ` REMOVE ${remove.join(', ')}` : ''}`,
        ConditionExpression:
          'attribute_exists(PK) AND (attribute_not_exists(latest) OR latest.run_id <= :run)',
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    // Deleted meanwhile, or a newer run got there first: only the first needs telling.
    const { Item } = await db().send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.url(urlId),
        ConsistentRead: true,
        ProjectionExpression: 'PK',
      }),
    );
    return Item !== undefined;
  }
}

/**
 * A person's decision on the held price of the check `held.run_id`: accepting makes it the
 * accepted price; rejecting keeps the accepted one and remembers the rejected amount. Either way
 * the latest observation says so. Conditional on that check still being the one held (and the
 * latest), so two people deciding at once, or a run landing meanwhile, cannot cross. False when it
 * no longer is. Moves the catalogue version: the dashboard's lists must show it at once.
 */
export async function decideHeldPrice(
  url: CompetitorUrlRecord & { held: HeldPrice; latest: LatestObservation },
  decision: 'accept' | 'reject',
  message: string,
): Promise<boolean> {
  const { held, latest } = url;
  const accept = decision === 'accept';
  return conditionHeld(
    catalogueWrite(
      () =>
        db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.url(url.id),
            UpdateExpression: accept
              ? 'SET accepted = :accepted, latest.outcome = :ok, latest.message = :message REMOVE held, rejected'
              : 'SET rejected = :rejected, latest.message = :message REMOVE held',
            ConditionExpression: 'held.run_id = :run AND latest.run_id = :run',
            ExpressionAttributeValues: {
              ':run': held.run_id,
              ':message': message,
              ...(accept
                ? {
                    ':ok': 'ok',
                    ':accepted': {
                      run_id: held.run_id,
                      price: held.price,
                      currency: held.currency,
                      in_stock: latest.in_stock,
                      confidence: latest.confidence,
                      scraped_at: held.scraped_at,
                    } satisfies AcceptedObservation,
                  }
                : { ':rejected': { price: held.price, currency: held.currency } }),
            },
          }),
        ),
      {},
      { kind: 'urls', id: url.id },
    ),
  );
}

/**
 * Deletes the URL item, then its price records once more: a check in flight may have written one
 * after the caller deleted them. A check writing later still finds the URL gone when it records
 * its observation and removes its record itself (recordResult), so none is left behind.
 */
export async function deleteCompetitorUrlItem(record: CompetitorUrlRecord): Promise<void> {
  await catalogueWrite(
    () =>
      db().send(
        new DeleteCommand({ TableName: tableName(), Key: keys.url(record.id), ReturnValues: 'ALL_OLD' }),
      ),
    // Counted only when this call removed it: two deletes racing must not count twice.
    ({ Attributes }) => (Attributes ? { competitor_urls: -1 } : null),
    { kind: 'urls', id: record.id },
  );
  await deletePriceRecordsOfUrl(record.id);
  await releaseUrls(record.product_id, [record.url]);
}

async function put(record: CompetitorUrlRecord): Promise<void> {
  await db().send(new PutCommand({ TableName: tableName(), Item: item(record) }));
}

/** The item as stored: the record with its keys and index keys. */
const item = (record: CompetitorUrlRecord) => ({
  ...keys.url(record.id),
  GSI1PK: LIST,
  GSI1SK: sortableId(record.id),
  GSI2PK: keys.byProduct(record.product_id),
  GSI2SK: sortableId(record.id),
  type: 'competitor-url',
  ...record,
});
