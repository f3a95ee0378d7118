import { hostOf } from '@cmp/shared';
import { type CompetitorUrlRecord, getCompetitorUrl } from '../data/competitor-url.repository';
import { setHostEscalated } from '../data/host-settings.repository';
import { getProduct, type ProductRecord } from '../data/product.repository';
import { needsBrowser } from '../scrape/browser/needs-browser';
import { type ExtractionResult, extractPage, type LlmPort } from '../scrape/extract/extract-page';
import { FetchError } from '../scrape/fetch/fetch-errors';
import type { FetchedPage } from '../scrape/fetch/guarded-fetch';
import { LlmThrottledError } from '../scrape/llm/bedrock-extractor';
import { fetchFailureOutcome } from './fetch-outcome';
import type { HostFetching } from './host-settings-cache';
import type { Outcome } from './outcome';
import { failedOutcome, recordResult } from './record-result';
import { BedrockThrottledError } from './run-errors';

export interface ScrapeDeps {
  fetchPage(url: string): Promise<FetchedPage>;
  llm: LlmPort | null;
  /** How the URL's host is fetched (its settings); absent: plain. */
  fetching?(host: string): Promise<HostFetching>;
}

/** What a check of a URL came to: recorded (or not: the URL is gone), or to be rendered in the browser. */
export type CheckAnswer = { recorded: boolean } | { render: true; escalating: boolean };

/** The URL and its product; undefined when either was deleted since the run started (nothing to check). */
async function urlToCheck(urlId: number) {
  const url = await getCompetitorUrl(urlId);
  const product = url ? await getProduct(url.product_id) : undefined;
  return url && product ? { url, product } : undefined;
}

const rendered = (fetching: HostFetching | undefined) =>
  fetching?.fetchMode === 'browser' || (fetching?.fetchMode === 'auto' && fetching.escalated);

/**
 * Checks one competitor URL for a run: fetch through the guarded fetcher, extract, record. A page
 * that cannot be fetched is recorded as failed with the fetcher's message; anything unexpected is
 * thrown, for the state machine to retry or to record through RecordFailure. A host whose pages are
 * rendered, or a page that turns out to need the browser (`auto`, needs-browser.ts), is answered
 * `{ render }` unrecorded: the state machine's RenderUrl checks it in the browser.
 */
export async function scrapeUrl(runId: string, urlId: number, deps: ScrapeDeps): Promise<CheckAnswer> {
  const found = await urlToCheck(urlId);
  if (!found) return { recorded: false };
  const { url, product } = found;
  const fetching = await deps.fetching?.(hostOf(url.url));
  if (rendered(fetching)) return { render: true, escalating: false };
  let page: FetchedPage;
  try {
    page = await deps.fetchPage(url.url);
  } catch (error) {
    if (error instanceof FetchError) return { recorded: await recordFetchFailure(runId, url, error) };
    throw error;
  }
  const checked = await extractChecked(page, product, url, deps.llm);
  if (fetching?.fetchMode === 'auto' && needsBrowser(page.html, checked.result))
    return { render: true, escalating: true };
  return { recorded: await recordResult(runId, url, checked.outcome, checked.checkMs) };
}

export interface RenderDeps {
  renderPage(url: string): Promise<FetchedPage>;
  llm: LlmPort | null;
  /** `auto` sent the page here: a price found marks its host escalated; none found says so. */
  escalating: boolean;
}

/** Checks one competitor URL in the browser (RenderUrl), as scrapeUrl checks a page fetched plain. */
export async function renderUrl(runId: string, urlId: number, deps: RenderDeps): Promise<CheckAnswer> {
  const found = await urlToCheck(urlId);
  if (!found) return { recorded: false };
  const { url, product } = found;
  let page: FetchedPage;
  try {
    page = await deps.renderPage(url.url);
  } catch (error) {
    if (error instanceof FetchError)
      return { recorded: await recordFetchFailure(runId, url, error, deps.escalating) };
    throw error;
  }
  const checked = await extractChecked(page, product, url, deps.llm, deps.escalating);
  if (deps.escalating && checked.result.price !== null) await setHostEscalated(hostOf(url.url));
  return { recorded: await recordResult(runId, url, checked.outcome, checked.checkMs) };
}

/** What a page escalated to the browser and still without a price says: the browser was tried too. */
const IN_A_BROWSER_TOO = ' (in a browser too)';

async function recordFetchFailure(
  runId: string,
  url: CompetitorUrlRecord,
  error: FetchError,
  escalated = false,
): Promise<boolean> {
  const { outcome, message } = fetchFailureOutcome(error);
  return recordResult(
    runId,
    url,
    failedOutcome(escalated ? `${message}${IN_A_BROWSER_TOO}` : message, outcome),
  );
}

/** The page's extraction, as its outcome to record and how long the check took. */
async function extractChecked(
  page: FetchedPage,
  product: ProductRecord,
  url: CompetitorUrlRecord,
  model: LlmPort | null,
  escalated = false,
): Promise<{ result: ExtractionResult; outcome: Outcome; checkMs: number | null }> {
  let throttled = false;
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
  const extracted = await extractPage(page.html, page.url, {
    hints,
    llm,
    pin: url.price_pin ?? null,
    rendered: 'rendered' in page,
  });
  const checkMs =
    page.fetchMs === undefined ? null : page.fetchMs + Math.round(performance.now() - extracting);
  // Better to retry (the state machine backs off) than to record a guess made without the model;
  // after the last retry this message is what the URL's record says, so it promises nothing more.
  if (throttled) throw new BedrockThrottledError('Bedrock is throttling; try again later');
  const result =
    escalated && extracted.price === null
      ? { ...extracted, message: `${extracted.message}${IN_A_BROWSER_TOO}` }
      : extracted;
  return { result, outcome: toOutcome(result, model?.modelId ?? null), checkMs };
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
