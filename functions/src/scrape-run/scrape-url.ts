import { getCompetitorUrl } from '../data/competitor-url.repository';
import { getProduct } from '../data/product.repository';
import { type ExtractionResult, extractPage, type LlmPort } from '../scrape/extract/extract-page';
import { FetchError } from '../scrape/fetch/fetch-errors';
import type { FetchedPage } from '../scrape/fetch/guarded-fetch';
import { LlmThrottledError } from '../scrape/llm/bedrock-extractor';
import { fetchFailureOutcome } from './fetch-outcome';
import type { Outcome } from './outcome';
import { failedOutcome, recordResult } from './record-result';
import { BedrockThrottledError } from './run-errors';

export interface ScrapeDeps {
  fetchPage(url: string): Promise<FetchedPage>;
  llm: LlmPort | null;
}

/**
 * Checks one competitor URL for a run: fetch through the guarded fetcher, extract, record. A page
 * that cannot be fetched is recorded as failed with the fetcher's message; anything unexpected is
 * thrown, for the state machine to retry or to record through RecordFailure.
 */
export async function scrapeUrl(
  runId: string,
  urlId: number,
  deps: ScrapeDeps,
): Promise<{ recorded: boolean }> {
  const url = await getCompetitorUrl(urlId);
  const product = url ? await getProduct(url.product_id) : undefined;
  if (!url || !product) return { recorded: false }; // deleted since the run started: nothing to check

  let page: FetchedPage;
  try {
    page = await deps.fetchPage(url.url);
  } catch (error) {
    if (error instanceof FetchError) {
      const { outcome, message } = fetchFailureOutcome(error);
      return { recorded: await recordResult(runId, url, failedOutcome(message, outcome)) };
    }
    throw error;
  }

  let throttled = false;
  const model = deps.llm;
  const llm: LlmPort | null = model && {
    modelId: model.modelId,
    extract: (request) =>
      model.extract(request).catch((error: unknown) => {
        throttled = error instanceof LlmThrottledError;
        throw error;
      }),
  };
  // Our ids pick our offer among a page's variants, and a GTIN tells another product's page from ours.
  const hints = { sku: product.sku, gtin: product.gtin, mpn: product.mpn };
  // A person's pick of the price's place is read before anything is weighed.
  const extracting = performance.now();
  const result = await extractPage(page.html, page.url, { hints, llm, pin: url.price_pin ?? null });
  const checkMs =
    page.fetchMs === undefined ? null : page.fetchMs + Math.round(performance.now() - extracting);
  // Better to retry (the state machine backs off) than to record a guess made without the model;
  // after the last retry this message is what the URL's record says, so it promises nothing more.
  if (throttled) throw new BedrockThrottledError('Bedrock is throttling; try again later');
  return { recorded: await recordResult(runId, url, toOutcome(result, deps.llm?.modelId ?? null), checkMs) };
}

function toOutcome(result: ExtractionResult, modelId: string | null): Outcome {
  const price = result.price === null ? null : Number(result.price);
  return {
    price: price !== null && Number.isFinite(price) ? price : null,
    currency: result.currency,
    in_stock: result.in_stock,
    confidence: result.confidence,
    outcome: result.outcome,
    message: result.message,
    sources: result.sources,
    from_price: result.from_price,
    // The spec's error field: set for a page that gave no price, with the outcome's words.
    error_message: result.price === null ? result.message : null,
    // The model's price with no structured or visible price to back it (extract-page's ungrounded case).
    ...(result.tier === 'llm' && result.evidence.every((e) => e.source === 'llm')
      ? { ungrounded: true }
      : {}),
    llm_response: result.analysis,
    evidence: result.evidence,
    tier: result.tier,
    input_tokens: result.usage?.inputTokens ?? 0,
    output_tokens: result.usage?.outputTokens ?? 0,
    model_id: result.tier === 'llm' ? modelId : null,
    llm_error: result.llm_error,
    candidates: result.candidates,
  };
}
