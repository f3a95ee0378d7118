import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError } from '../domain/errors';
import { batchPut } from './batch-write';
import { readCount } from './catalogue-counts.repository';
import { catalogueWrite } from './catalogue-write';
import { competitorUrlKey } from './competitor-url-key';
import { lastIssuedId, reserveIds } from './counter.repository';
import { db, nowIso, tableName } from './dynamo';
import { deletePriceRecordsOfUrl } from './price-record.repository';
import { projectionOf } from './projection';
import { countAll, queryAll, queryAllById, sortableId } from './query-all';
import { GSI1, GSI2 } from './table';
import { claimUrls, releaseUrls, urlKey } from './url-claims';
import type { UrlPriceState } from './url-price-state.repository';

/**
 * Competitor URLs at `COMPETITOR_URL#<id>`. GSI1 (`COMPETITOR_URLS`) lists them all; GSI2
 * (`PRODUCT_URLS#<product id>`) lists one product's. A URL is claimed once per product in its
 * product's set of URL keys (url-claims.ts). The URL's price state lives on the same item and is
 * written apart (url-price-state.repository.ts): creating, editing and deleting URLs here leaves
 * it alone.
 */
export interface CompetitorUrlRecord extends UrlPriceState {
  id: number;
  product_id: number;
  competitor_name: string;
  url: string;
  created_at: string;
  updated_at: string;
}

export type CompetitorUrlFields = Pick<CompetitorUrlRecord, 'product_id' | 'competitor_name' | 'url'>;

const LIST = 'COMPETITOR_URLS';
const keys = {
  url: competitorUrlKey,
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
  'price_pin',
] as const satisfies readonly (keyof CompetitorUrlRecord)[];
/** What a read gives: returned as a CompetitorUrlRecord, so a required field left out of FIELDS does not compile. */
type CompetitorUrlRead = Pick<CompetitorUrlRecord, (typeof FIELDS)[number]>;
const projection = projectionOf(FIELDS);

export const urlConflict = (url: string) => `This product already has the competitor URL ${url}`;
export const tooManyUrls = (max: number) => `A product can have at most ${max} competitor URLs`;

/**
 * Claims the URL for its product, within `max` URLs (no limit when undefined); a ConflictError
 * beside the field at fault when the product has the URL already, or has `max` URLs.
 */
async function claimForProduct(fields: CompetitorUrlFields, max: number | undefined) {
  const outcome = await claimUrls(fields.product_id, [fields.url], max);
  if (outcome === 'taken') throw new ConflictError(urlConflict(fields.url), { field: 'url' });
  if (outcome === 'full' && max !== undefined)
    throw new ConflictError(tooManyUrls(max), { field: 'product_id' });
}

export async function listCompetitorUrls(): Promise<CompetitorUrlRecord[]> {
  return queryAllById<CompetitorUrlRead>(LIST, await lastIssuedId('competitor-url'), {
    TableName: tableName(),
    ...projection,
  });
}

const TARGET_FIELDS = ['id', 'url'] as const satisfies readonly (keyof CompetitorUrlRecord)[];
/** What a run needs of a URL to check it: its id, and its address for the shops' order. */
export type CheckTarget = Pick<CompetitorUrlRecord, (typeof TARGET_FIELDS)[number]>;

/**
 * Every URL's id and address, in id order: all Prepare needs, a small part of the records (at
 * 300,000 URLs the whole records would not fit its memory).
 */
export async function listCheckTargets(): Promise<CheckTarget[]> {
  return queryAllById<CheckTarget>(LIST, await lastIssuedId('competitor-url'), {
    TableName: tableName(),
    ...projectionOf(TARGET_FIELDS),
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
  return queryAll<CompetitorUrlRead>({
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
  return Item as CompetitorUrlRead | undefined;
}

/** Adds a URL to a product that has fewer than `maxPerProduct`. */
export async function createCompetitorUrl(
  fields: CompetitorUrlFields,
  maxPerProduct: number,
  id?: number,
): Promise<CompetitorUrlRecord> {
  const urlId = id ?? (await reserveIds('competitor-url', 1));
  await claimForProduct(fields, maxPerProduct);
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

/** Changes a URL; one moved to another product needs it to have fewer than `maxPerProduct`. */
export async function updateCompetitorUrl(
  existing: CompetitorUrlRecord,
  fields: CompetitorUrlFields,
  maxPerProduct: number,
): Promise<CompetitorUrlRecord> {
  const moved = existing.product_id !== fields.product_id || urlKey(existing.url) !== urlKey(fields.url);
  // A new address on its own product adds no URL: its old claim goes right after.
  if (moved)
    await claimForProduct(fields, existing.product_id === fields.product_id ? undefined : maxPerProduct);
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
