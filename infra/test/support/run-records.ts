import type { RunRecord } from '@cmp/functions/data/scrape-run.repository';
import type { LatestObservation, UrlCheckEffect } from '@cmp/functions/data/url-price-state.repository';
import type { Outcome } from '@cmp/functions/scrape-run/outcome';

/** A manual run that has just started, as Prepare writes it, with `overrides` on top. */
export const runningRun = (runId: string, overrides: Partial<RunRecord> = {}): RunRecord => ({
  run_id: runId,
  status: 'running',
  triggered_by: 'manual',
  started_at: new Date().toISOString(),
  completed_at: null,
  total_urls: 0,
  successful_urls: 0,
  failed_urls: 0,
  product_id: null,
  execution_arn: null,
  error_message: null,
  ...overrides,
});

/** A check of run `runId` that found `price` in GBP, sure of it, now. */
export const okObservation = (runId: string, price: number): LatestObservation => ({
  run_id: runId,
  price,
  currency: 'GBP',
  in_stock: true,
  confidence: 0.95,
  scraped_at: new Date().toISOString(),
  error_message: null,
  outcome: 'ok',
  message: 'Price found',
});

/** What a check that found `price` in GBP from two sources, sure of it, hands recordResult. */
export const priceOutcome = (price: number): Outcome => ({
  price,
  currency: 'GBP',
  in_stock: true,
  confidence: 0.95,
  error_message: null,
  llm_response: null,
  sources: 2,
  outcome: 'ok',
  message: 'Price found',
});

/**
 * What recording a seeded observation does to its URL, as the run's judgement would for a first
 * check: a price becomes the accepted one; a failed check leaves things as they are.
 */
export const seededEffect = (observation: { price: number | null }): UrlCheckEffect =>
  observation.price === null
    ? { effect: 'keep', unreachable: true }
    : { effect: 'accept', unreachable: false };

/** A price record as stored, every attribute (keys included), read by the functions' own client. */
export async function storedRecord(urlId: number, runId: string) {
  const [{ GetCommand }, { db, tableName }] = await Promise.all([
    import('@aws-sdk/lib-dynamodb'),
    import('@cmp/functions/data/dynamo'),
  ]);
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: { PK: `URL_PRICES#${urlId}`, SK: `RUN#${runId}` } }),
  );
  return Item;
}
