import { type CompetitorUrlRecord, recordLatestObservation } from '../data/competitor-url.repository';
import { isSuccess, type PriceRecordItem, putPriceRecord } from '../data/price-record.repository';
import { countRunResult } from '../data/scrape-run.repository';
import { boundedForStorage } from './bounded-outcome';

export type Outcome = Omit<
  PriceRecordItem,
  'run_id' | 'competitor_url_id' | 'product_id' | 'competitor_name' | 'competitor_url' | 'scraped_at'
>;

/**
 * Writes the run's one record for a URL (a retried task finds it there and writes nothing), then
 * counts it into the run's live progress and keeps it as the URL's latest observation.
 */
export async function recordResult(
  runId: string,
  url: CompetitorUrlRecord,
  outcome: Outcome,
): Promise<boolean> {
  const record: PriceRecordItem = {
    ...boundedForStorage(outcome),
    run_id: runId,
    competitor_url_id: url.id,
    product_id: url.product_id,
    competitor_name: url.competitor_name,
    competitor_url: url.url,
    scraped_at: new Date().toISOString(),
  };
  const written = await putPriceRecord(record);
  if (!written) return false;
  await Promise.all([
    countRunResult(runId, isSuccess(record)),
    recordLatestObservation(url.id, {
      run_id: runId,
      price: record.price,
      currency: record.currency,
      in_stock: record.in_stock,
      confidence: record.confidence,
      scraped_at: record.scraped_at,
      error_message: record.error_message,
    }),
  ]);
  return true;
}

/** A URL that could not be checked: no price, the reason in words. */
export function failedOutcome(message: string): Outcome {
  return {
    price: null,
    currency: null,
    in_stock: null,
    confidence: null,
    error_message: message,
    llm_response: null,
  };
}
