import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type CheckOutcome, outcomeOfLegacyCheck, type PriceRecord } from '@cmp/shared';
import type { ConsideredPrice } from '../scrape/extract/price-candidates';
import { batchGetConsistent } from './batch-get';
import { deletePartition } from './batch-write';
import { conditionHeld, db, tableName } from './dynamo';
import { projectionOf } from './projection';
import { queryAll } from './query-all';

/**
 * What one scrape run saw on one competitor URL, at `URL_PRICES#<url id>` / `RUN#<run id>`: one
 * record per (run, URL), so a retried task cannot write twice. Run ids sort by start time, so
 * the partition reads newest first. In no index: a run's records are read by key (Finalize), and
 * a run cut short ends with its kept counters, so the records (most of the table's bytes) are not
 * stored a second time. `expires_at` (the table's TTL) lets DynamoDB delete them after the
 * retention period (PRICE_RETENTION_DAYS).
 */
export interface PriceRecordItem extends CheckOutcome {
  run_id: string;
  competitor_url_id: number;
  product_id: number;
  competitor_name: string;
  competitor_url: string;
  llm_response: string | null;
  /** What the price rests on: each source's tier, place and snippet. */
  evidence?: unknown;
  tier?: string;
  input_tokens?: number;
  output_tokens?: number;
  model_id?: string | null;
  llm_error?: string | null;
  /** Independent kinds of source that agreed on the price (the plausibility gate's input). */
  sources?: number;
  /** The price was a 'from' price, the low end of a range. */
  from_price?: boolean;
  /** Every price the check considered, for a person to pin the right one. */
  candidates?: readonly ConsideredPrice[];
  /** Epoch seconds after which DynamoDB may delete the record; absent: kept for ever. */
  expires_at?: number;
}

/** A record written before outcomes were kept gets its outcome from what it holds. */
export function withOutcome<T extends Pick<CheckOutcome, 'price' | 'error_message'> & Partial<CheckOutcome>>(
  item: T,
): T & Pick<CheckOutcome, 'outcome' | 'message'> {
  return item.outcome && item.message !== undefined
    ? (item as T & Pick<CheckOutcome, 'outcome' | 'message'>)
    : { ...item, ...outcomeOfLegacyCheck(item) };
}

const keys = {
  record: (urlId: number, runId: string) => ({ PK: `URL_PRICES#${urlId}`, SK: `RUN#${runId}` }),
  partition: (urlId: number) => `URL_PRICES#${urlId}`,
};

/** Writes a run's record for a URL once; false when that run already recorded this URL. */
export async function putPriceRecord(item: PriceRecordItem): Promise<boolean> {
  return conditionHeld(
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.record(item.competitor_url_id, item.run_id),
          type: 'price-record',
          ...item,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    ),
  );
}

/** The newest `limit` records of a URL, newest first. */
export async function latestPriceRecords(urlId: number, limit: number): Promise<PriceRecordItem[]> {
  return (await newestRecords<PriceRecordItem>(urlId, limit)).map(withOutcome);
}

/** The newest `limit` records of a URL, newest first, as stored (only `fields` when given). */
async function newestRecords<T>(
  urlId: number,
  limit: number,
  fields?: ReturnType<typeof projectionOf>,
): Promise<T[]> {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.partition(urlId) },
      ScanIndexForward: false,
      Limit: limit,
      ...fields,
    }),
  );
  return (Items ?? []) as T[];
}

const CANDIDATE_FIELDS = [
  'outcome',
  'scraped_at',
  'candidates',
] as const satisfies readonly (keyof PriceRecordItem)[];
export type ConsideredPrices = Pick<PriceRecordItem, (typeof CANDIDATE_FIELDS)[number]>;

/**
 * What the newest `limit` checks of a URL considered, newest first: only those fields, not the
 * records' analyses (up to 20 KB each).
 */
export const latestConsideredPrices = (urlId: number, limit: number): Promise<ConsideredPrices[]> =>
  newestRecords<ConsideredPrices>(urlId, limit, projectionOf(CANDIDATE_FIELDS));

/** Every record of a URL, newest first (the price-history export). */
export async function allPriceRecords(urlId: number): Promise<PriceRecordItem[]> {
  const items = await queryAll<PriceRecordItem>({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.partition(urlId) },
    ScanIndexForward: false,
  });
  return items.map(withOutcome);
}

/**
 * The API's view of a record (docs/api.md#shapes: price_data entries); `counted` as the comparison
 * decides it.
 */
export function toPriceData(item: PriceRecordItem, counted: boolean): PriceRecord {
  return {
    id: item.run_id,
    price: item.price,
    currency: item.currency,
    in_stock: item.in_stock,
    scraped_at: item.scraped_at,
    confidence: item.confidence,
    ...(item.ungrounded ? { ungrounded: true } : {}),
    counted,
    outcome: item.outcome,
    message: item.message,
  };
}

/** Sets a record's outcome and message (a person accepted or rejected its held price); none if it is gone. */
export async function setPriceRecordOutcome(
  urlId: number,
  runId: string,
  outcome: CheckOutcome['outcome'],
  message: string,
): Promise<void> {
  await conditionHeld(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.record(urlId, runId),
        UpdateExpression: 'SET outcome = :outcome, message = :message',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':outcome': outcome, ':message': message },
      }),
    ),
  );
}

/** Deletes every record of a URL; read consistently, so a record written just before is not missed. */
export const deletePriceRecordsOfUrl = (urlId: number) => deletePartition(keys.partition(urlId));

/** Deletes one run's record of a URL (a check that found its URL deleted after writing it). */
export async function deletePriceRecord(urlId: number, runId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.record(urlId, runId) }));
}

// With the message: withOutcome() takes a record's outcome only when both are there.
const OUTCOME_FIELDS = [
  'competitor_url_id',
  'price',
  'confidence',
  'ungrounded',
  'error_message',
  'outcome',
  'message',
  'input_tokens',
  'llm_error',
] as const satisfies readonly (keyof PriceRecordItem)[];

/**
 * What a run's record says about its URL, enough to tell whether the check succeeded; a record
 * written before outcomes were kept has no outcome or message.
 */
export type RunOutcome = Omit<Pick<PriceRecordItem, (typeof OUTCOME_FIELDS)[number]>, 'outcome' | 'message'> &
  Partial<Pick<PriceRecordItem, 'outcome' | 'message'>>;

/**
 * The outcomes of a run over the given URLs, read by their table keys with strongly consistent
 * reads (unlike the index), so Finalize counts every record the finished checks wrote. A URL with
 * no record (deleted mid-run) is left out. 100 keys a request, BatchGetItem's limit.
 */
export const runOutcomesOf = (runId: string, urlIds: readonly number[]): Promise<RunOutcome[]> =>
  batchGetConsistent<RunOutcome>(
    urlIds.map((urlId) => keys.record(urlId, runId)),
    projectionOf(OUTCOME_FIELDS),
  );
