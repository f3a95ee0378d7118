/**
 * The extraction pipeline: structured data, then visible heuristics, then (only when those are not
 * confident and a model is wired in) the LLM. Pure over (html, page URL, hints) plus the optional
 * LLM port, so the scrape task and the CLI call the same code and tests inject a model.
 */
import { type CheckOutcomeKind, HELD_FOR_REVIEW } from '@cmp/shared';
import { type CheerioAPI, load } from 'cheerio/slim';
import type { AnyNode } from 'domhandler';
import { renderAnalysis } from './analysis-markdown';
import type { Evidence, PageHints, PriceCandidate, SourceKind, Stock } from './candidate';
import { CONFIDENT, type Decision, decide } from './confidence';
import { extractJsonLd } from './json-ld';
import { extractMetaTags } from './meta-tags';
import { extractMicrodata, extractRdfa } from './microdata';
import { otherProduct } from './offer-match';
import { countryFromUrl } from './page-country';
import { type ConsideredPrice, consideredPrices, PIN_GONE_MESSAGE, pinnedDecision } from './price-candidates';
import { canonicalAmount, isKnownCurrency, type ParseOptions, parseMachinePrice } from './price-parse';
import { estimateTokens, reducePage } from './reduce-page';
import { detectRefusal } from './refusal-page';
import { visibleStock } from './stock';
import type { LlmAnswer, LlmPort, PageAnalysis, Tier, TokenUsage } from './tiers';
import { extractVisiblePrices } from './visible-price';
import { QUALIFIED_PENALTY } from './visible-score';

export type { LlmAnswer, LlmPort, TokenUsage } from './tiers';

/** Deeper than any real shop page; below it the tree is cut (see pruneDeepNodes). */
const MAX_DOM_DEPTH = 256;

/**
 * The outcomes a page can have on its own ('review' when its structured prices disagree and it shows
 * none of them); the run adds 'review' from its gate, and 'failed'.
 */
export type PageOutcome = Extract<
  CheckOutcomeKind,
  'ok' | 'no_price' | 'out_of_stock_no_price' | 'review' | 'wrong_product' | 'blocked'
>;

export interface ExtractionResult {
  readonly outcome: PageOutcome;
  /** A short message for staff: what the check found, or why it found no price. */
  readonly message: string;
  /** Exact decimal string, or null when no price could be established. */
  readonly price: string | null;
  readonly currency: string | null;
  /** null when stock is unknown. */
  readonly in_stock: boolean | null;
  /** 0–1, from the agreement of independent sources. */
  readonly confidence: number;
  /**
   * How many independent kinds of source agree on the price: structured data (JSON-LD, microdata,
   * RDFa, meta tags count as one: one shop system writes them all), the visible page, the model.
   */
  readonly sources: number;
  /** The price is a 'from' price, the low end of a range: never taken as the price without a person. */
  readonly from_price: boolean;
  readonly tier: Tier;
  readonly evidence: readonly Evidence[];
  /** Markdown explaining what was found and why this price was chosen. */
  readonly analysis: string;
  /** Token usage of the LLM call, when one was made. */
  readonly usage: TokenUsage | null;
  /** A short message when the LLM tier failed; the result then comes from the earlier tiers. */
  readonly llm_error: string | null;
  /** Every price considered, for staff to point at the right one ('Not the right price?'). */
  readonly candidates: readonly ConsideredPrice[];
}

/** A person's pick of the price's place on this page (price-candidates.ts). */
export interface PricePin {
  readonly locator: string;
}

/** Runs the structured and heuristic tiers. Synchronous and pure. */
export function analysePage(
  html: string,
  pageUrl: string,
  hints: PageHints = {},
  pin: PricePin | null = null,
  /** The DOM a browser left once the page's scripts ran (the browser tier), not the page as sent. */
  rendered = false,
): PageAnalysis {
  // cheerio/slim parses with htmlparser2 only: linear on hostile deep nesting (parse5 is quadratic),
  // faster, and it keeps parse5, undici and iconv-lite out of the Lambda bundle.
  const $ = load(html);
  pruneDeepNodes($.root().get(0));
  const parse: ParseOptions = { country: countryFromUrl(pageUrl) };
  // A zero price is a placeholder ('call for price', an empty basket), never what a product costs.
  const structured = [
    ...extractJsonLd($, parse),
    ...extractMicrodata($, parse),
    ...extractRdfa($, parse),
    ...extractMetaTags($, parse),
  ].filter(isPositive);
  const visible = extractVisiblePrices($, parse).filter(isPositive);
  // Shown as a payable price: a crossed-out 'was' price or another product's price does not count;
  // a 'from' price does (it is what the cheapest variant costs).
  const shownAmounts = new Set(
    visible
      .filter((v) => v.score + (v.kind === 'range-low' ? QUALIFIED_PENALTY : 0) > 0)
      .map((v) => canonicalAmount(v.amount)),
  );
  // A person's pick is read first; without one, the sources are weighed.
  const decided = pin
    ? pinnedDecision(structured, visible, pin)
    : decide({ structured, visible, shownAmounts, pageUrl, hints });
  const refusal = detectRefusal($, html, {
    hasStructuredProduct: structured.length > 0,
    priceFound: decided.chosen !== null,
    rendered,
  });
  const wrongProduct = refusal ? null : otherProduct(structured, decided.chosen, hints);
  // Neither a refusal nor another product's page has a price of ours on it, whatever it shows.
  const verdict = refusal?.message ?? wrongProduct;
  const decision = verdict ? withoutPrice(decided, verdict) : decided;
  const stock = refusal ? 'unknown' : chooseStock(decision, structured, $);
  return {
    pageUrl,
    structured,
    visible,
    decision,
    stock,
    reduced: reducePage($, pageUrl, structured, visible),
    needsLlm: !verdict && !pin && decision.confidence < CONFIDENT,
    refusal,
    wrongProduct,
  };
}

/**
 * What the page comes to, with its message (docs/rules.md#check-outcomes); by default the earlier
 * tiers' price and stock.
 */
export function pageOutcome(
  analysis: PageAnalysis,
  price: string | null = analysis.decision.chosen?.amount ?? null,
  inStock: boolean | null = stockFlag(analysis.stock),
): { outcome: PageOutcome; message: string } {
  if (analysis.refusal) return { outcome: 'blocked', message: analysis.refusal.message };
  if (analysis.wrongProduct) return { outcome: 'wrong_product', message: analysis.wrongProduct };
  if (analysis.decision.basis === 'pin-gone') return { outcome: 'review', message: PIN_GONE_MESSAGE };
  if (price !== null) return { outcome: 'ok', message: 'Price found' };
  if (analysis.decision.basis === 'conflict') {
    const amounts = analysis.decision.support.map((c) => c.amount).join(' vs ');
    return {
      outcome: 'review',
      message: `${HELD_FOR_REVIEW}the page's structured prices disagree (${amounts}) and it shows none of them`,
    };
  }
  if (inStock === false)
    return { outcome: 'out_of_stock_no_price', message: 'Out of stock; the page shows no price' };
  return { outcome: 'no_price', message: 'No price found on the page' };
}

function withoutPrice(decision: Decision, why: string): Decision {
  const rejected = decision.chosen ? [decision.chosen, ...decision.rejected] : decision.rejected;
  return {
    ...decision,
    basis: 'abstained',
    chosen: null,
    confidence: 0,
    support: [],
    agreeing: [],
    rejected,
    notes: [...decision.notes, `${why}.`],
  };
}

/**
 * Extracts price, currency and stock with evidence and an analysis. Calls the LLM only when the
 * earlier tiers are not confident and `llm` is given; an LLM failure leaves the earlier result.
 */
export async function extractPage(
  html: string,
  pageUrl: string,
  options: {
    readonly hints?: PageHints;
    readonly llm?: LlmPort | null;
    readonly pin?: PricePin | null;
    /** The page as a browser rendered it (the browser tier). */
    readonly rendered?: boolean;
  } = {},
): Promise<ExtractionResult> {
  const analysis = analysePage(html, pageUrl, options.hints ?? {}, options.pin ?? null, options.rendered);
  const base = resultFromAnalysis(
    analysis,
    options.llm ? null : 'No model configured: structured and heuristic tiers only.',
  );
  if (!analysis.needsLlm || !options.llm) return base;
  try {
    const { answer, usage } = await options.llm.extract({ page: analysis.reduced, pageUrl });
    return mergeLlm(analysis, answer, usage, options.llm.modelId);
  } catch (error) {
    const message = error instanceof Error ? error.message : 'LLM call failed';
    return {
      ...resultFromAnalysis(
        analysis,
        `The LLM tier failed (${message}); the result comes from the earlier tiers.`,
      ),
      llm_error: message,
    };
  }
}

function resultFromAnalysis(analysis: PageAnalysis, note: string | null): ExtractionResult {
  const { decision } = analysis;
  const chosen = decision.chosen;
  const pinned = decision.basis === 'pinned';
  const tier = tierOf(decision);
  const evidence = decision.support.map((c) => ({
    ...toEvidence(c),
    ...(pinned ? { source: 'pinned' as const } : {}),
  }));
  return {
    ...pageOutcome(analysis, chosen?.amount ?? null, stockFlag(analysis.stock)),
    sources: sourceFamilies(decision.agreeing),
    from_price: chosen?.kind === 'range-low',
    price: chosen?.amount ?? null,
    currency: chosen?.currency ?? null,
    in_stock: stockFlag(analysis.stock),
    confidence: decision.confidence,
    tier,
    evidence,
    analysis: renderAnalysis({
      analysis,
      tier,
      price: chosen?.amount ?? null,
      currency: chosen?.currency ?? null,
      confidence: decision.confidence,
      llm: null,
      note,
    }),
    usage: null,
    llm_error: null,
    candidates: consideredPrices(analysis.structured, analysis.visible, chosen),
  };
}

/** Combines the LLM answer with the earlier tiers: grounded and agreeing answers gain, others are capped. */
function mergeLlm(
  analysis: PageAnalysis,
  answer: LlmAnswer,
  usage: TokenUsage,
  modelId: string,
): ExtractionResult {
  const { decision } = analysis;
  const earlier = decision.chosen;
  const parsed = answer.price === null ? null : parseMachinePrice(answer.price);
  const amount = parsed && canonicalAmount(parsed.amount) !== '0' ? canonicalAmount(parsed.amount) : null;
  // Grounded only in a price the page itself presents: a structured amount or a visible price (with a
  // currency or price context). Any bare number will not do: injected text ('report price 0.01') or
  // 'my 12 kids' would otherwise vouch for whatever the model was talked into.
  const agreesWith =
    amount === null
      ? undefined
      : [...analysis.structured, ...analysis.visible].find((c) => canonicalAmount(c.amount) === amount);
  const grounded = agreesWith !== undefined;
  const currency = answer.currency && isKnownCurrency(answer.currency) ? answer.currency : null;
  // The model's stock reading counts only when its price reading is anchored in the page.
  const stock =
    analysis.stock !== 'unknown' ? analysis.stock : grounded || amount === null ? answer.stock : 'unknown';
  const llmEvidence: Evidence = {
    source: 'llm',
    where: `model ${modelId}`,
    snippet: answer.evidence.slice(0, 160),
  };
  let price: string | null;
  let confidence: number;
  const notes: string[] = [];
  if (amount === null) {
    price = earlier?.amount ?? null;
    confidence = earlier ? Math.max(0, decision.confidence - 0.1) : 0;
    notes.push('The model found no price on the page.');
  } else {
    price = parsed?.amount ?? null;
    if (!agreesWith && earlier) {
      // An invented number never replaces a price the page itself shows.
      price = earlier.amount;
      confidence = Math.max(0, decision.confidence - 0.1);
      notes.push(
        `The model's price ${amount} is neither in the structured data nor a price shown on the page: flagged as ungrounded and ignored.`,
      );
    } else if (!agreesWith) {
      confidence = Math.min(0.3, answer.confidence);
      notes.push(
        `The model's price ${amount} is neither in the structured data nor a price shown on the page: flagged as ungrounded, confidence capped at 0.3.`,
      );
    } else if (earlier && canonicalAmount(earlier.amount) === amount) {
      confidence = Math.min(0.9, decision.confidence + 0.3);
      notes.push('The model agrees with the price the earlier tiers chose.');
    } else {
      confidence = agreesWith.source === 'visible' ? 0.5 : 0.6;
      notes.push(`The model picked ${amount}, which the ${agreesWith.source} tier also found.`);
    }
  }
  const evidence = [
    ...decision.support.map(toEvidence),
    ...(agreesWith && !decision.support.includes(agreesWith) ? [toEvidence(agreesWith)] : []),
    llmEvidence,
  ];
  const keptEarlier = amount === null || (!grounded && earlier !== null);
  const finalCurrency = keptEarlier
    ? (earlier?.currency ?? null)
    : (currency ?? agreesWith?.currency ?? earlier?.currency ?? null);
  const tier: Tier = keptEarlier ? tierOf(decision) : 'llm';
  const agreeing: SourceKind[] = keptEarlier
    ? [...decision.agreeing]
    : agreesWith
      ? [
          ...(earlier && canonicalAmount(earlier.amount) === amount
            ? decision.agreeing
            : [agreesWith.source]),
          'llm',
        ]
      : ['llm'];
  const fromPrice = (keptEarlier ? earlier : agreesWith)?.kind === 'range-low';
  const rounded = Math.round(confidence * 100) / 100;
  return {
    ...pageOutcome(analysis, price, stockFlag(stock)),
    sources: price === null ? 0 : sourceFamilies(agreeing),
    from_price: price !== null && fromPrice,
    price,
    currency: finalCurrency,
    in_stock: stockFlag(stock),
    confidence: rounded,
    tier,
    evidence,
    analysis: renderAnalysis({
      analysis,
      tier,
      price,
      currency: finalCurrency,
      confidence: rounded,
      llm: { modelId, answer, grounded, notes, usage },
      note: null,
    }),
    usage,
    llm_error: null,
    candidates: consideredPrices(
      analysis.structured,
      analysis.visible,
      price === null ? null : ((keptEarlier ? earlier : agreesWith) ?? null),
    ),
  };
}

/**
 * Stock of the chosen product: any of its offers in stock (a size or colour) makes it orderable;
 * structured data and the visible page disagreeing leaves it unknown.
 */
function chooseStock(decision: Decision, structured: readonly PriceCandidate[], $: CheerioAPI): Stock {
  const offers = decision.support.some((c) => c.stock !== 'unknown') ? decision.support : structured;
  const states = new Set(offers.map((c) => c.stock).filter((s) => s !== 'unknown'));
  const fromData: Stock = states.has('in_stock')
    ? 'in_stock'
    : states.has('out_of_stock')
      ? 'out_of_stock'
      : 'unknown';
  const shown = visibleStock($);
  if (fromData === 'unknown') return shown;
  return shown === 'unknown' || shown === fromData ? fromData : 'unknown';
}

/**
 * Cuts the tree below a depth no real page reaches, so hostile nesting cannot exhaust the stack of
 * the recursive walks that follow. Iterative on purpose.
 */
function pruneDeepNodes(root: AnyNode | undefined): void {
  const stack: [AnyNode, number][] = root ? [[root, 0]] : [];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [node, depth] = item;
    if (!('children' in node)) continue;
    if (depth >= MAX_DOM_DEPTH) {
      node.children = [];
      continue;
    }
    for (const child of node.children) stack.push([child, depth + 1]);
  }
}

/** Structured data of every syntax counts as one source: one shop system writes them all. */
function sourceFamilies(kinds: readonly SourceKind[]): number {
  return new Set(kinds.map((kind) => (kind === 'visible' || kind === 'llm' ? kind : 'structured'))).size;
}

function isPositive(c: PriceCandidate): boolean {
  return canonicalAmount(c.amount) !== '0';
}

function stockFlag(stock: Stock): boolean | null {
  return stock === 'in_stock' ? true : stock === 'out_of_stock' ? false : null;
}

/** The tier the earlier tiers' price comes from: a person's pin, structured data or the visible page. */
function tierOf({ chosen, basis }: Decision): Tier {
  if (!chosen) return 'none';
  if (basis === 'pinned') return 'pinned';
  return chosen.source === 'visible' ? 'heuristic' : 'structured';
}

function toEvidence(c: PriceCandidate): Evidence {
  return { source: c.source, where: c.where, snippet: c.snippet };
}

/** Rough size of the reduced prompt, for the benchmark and logs. */
export function reducedSize(analysis: PageAnalysis): { chars: number; tokens: number } {
  return { chars: analysis.reduced.length, tokens: estimateTokens(analysis.reduced) };
}
