import { hostOf } from '@cmp/shared';
import { acceptedPrice } from '../catalogue/url-check-view';
import type { CompetitorUrlRecord } from '../data/competitor-url.repository';
import { deletePriceRecord, type PriceRecordItem, putPriceRecord } from '../data/price-record.repository';
import { noteRunCheck } from '../data/run-checks.repository';
import { countHostCheck } from '../data/run-host-stats.repository';
import { countRunResult } from '../data/scrape-run.repository';
import { recordLatestObservation } from '../data/url-price-state.repository';
import { boundedForStorage } from './bounded-outcome';
import { priceConfidenceFloor, priceJumpRatio } from './check-success';
import { judgeCheck, type UrlGateState } from './judge-check';
import { llmUseOf } from './llm-summary';
import type { Outcome } from './outcome';
import { scrapeRunSettings } from './scrape-run.config';

/** What a check recorded from a product feed (feed-prices.ts) says after its verdict: 'Price found (from …)'. */
export const FROM_FEED = "(from the shop's product feed)";

/**
 * Writes the run's one record for a URL (a retried task finds it there and writes nothing), keeps
 * it as the URL's latest observation with what it does to the URL's accepted price (judgeCheck),
 * then counts it into the run's live progress; the lists are told of the check (noteRunCheck). A
 * URL deleted while it was being checked gets no record: without transactions (decision 10) the
 * record is written first and removed again when the URL turns out to be gone; a delete that came
 * before the record was written removes it from its side (deleteCompetitorUrlItem).
 */
export async function recordResult(
  runId: string,
  url: CompetitorUrlRecord,
  found: Outcome,
  /** How long the check took (its page's fetch and the extraction); null when it read no page. */
  checkMs: number | null = null,
): Promise<boolean> {
  const judged = judgeCheck(found, gateState(url), {
    confidenceFloor: priceConfidenceFloor(),
    maxJumpRatio: priceJumpRatio(),
  });
  // A price read from a product feed, not its page, says so (feed-prices.ts).
  const message =
    found.tier === 'feed' && judged.outcome === 'ok' ? `${judged.message} ${FROM_FEED}` : judged.message;
  const record: PriceRecordItem = {
    ...boundedForStorage({ ...found, outcome: judged.outcome, message }),
    run_id: runId,
    competitor_url_id: url.id,
    product_id: url.product_id,
    competitor_name: url.competitor_name,
    competitor_url: url.url,
    scraped_at: new Date().toISOString(),
    ...expiry(),
  };
  const written = await putPriceRecord(record);
  if (!written) return false;
  // Noted before the URL changes, so no change goes unnoted; a catch-up that reads the note before
  // the change reads it again (run-checks.repository.ts).
  await noteRunCheck(runId, url.id, record.scraped_at);
  const urlExists = await recordLatestObservation(
    url.id,
    {
      run_id: runId,
      price: record.price,
      currency: record.currency,
      in_stock: record.in_stock,
      confidence: record.confidence,
      scraped_at: record.scraped_at,
      error_message: record.error_message,
      outcome: record.outcome,
      message: record.message,
      ...(record.ungrounded ? { ungrounded: true } : {}),
    },
    judged,
  );
  if (!urlExists) {
    await deletePriceRecord(url.id, runId);
    return false;
  }
  await countRunResult(runId, judged.outcome, llmUseOf(record));
  await countHostCheck(runId, hostOf(url.url), judged.outcome, checkMs);
  return true;
}

/** What the gate compares with: the URL's accepted price (a URL checked before outcomes were kept: its latest). */
function gateState(url: CompetitorUrlRecord): UrlGateState {
  return { accepted: acceptedPrice(url), held: url.held ?? null, rejected: url.rejected ?? null };
}

/** A URL that could not be checked: no price, the reason in words. */
export function failedOutcome(message: string, outcome: 'failed' | 'blocked' = 'failed'): Outcome {
  return {
    price: null,
    currency: null,
    in_stock: null,
    confidence: null,
    error_message: message,
    llm_response: null,
    outcome,
    message,
  };
}

/** When DynamoDB may delete the record (the table's TTL, epoch seconds); never with retention 0. */
function expiry(now = Date.now()): { expires_at?: number } {
  const days = scrapeRunSettings().PRICE_RETENTION_DAYS;
  return days === 0 ? {} : { expires_at: Math.floor(now / 1000) + days * 86_400 };
}
