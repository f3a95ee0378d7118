/** The types the extraction pipeline and its analysis share: the tiers, what they found, the LLM port. */
import type { PriceCandidate, Stock } from './candidate';
import type { Decision } from './confidence';
import type { Refusal } from './refusal-page';

/** Where the price came from; 'pinned': the place a person picked. */
export type Tier = 'structured' | 'heuristic' | 'llm' | 'pinned' | 'none';

export interface TokenUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
}

/** What a model answered about a page, already validated against its schema. */
export interface LlmAnswer {
  readonly price: number | null;
  readonly currency: string | null;
  readonly stock: Stock;
  readonly confidence: number;
  /** The text on the page the model read the price from. */
  readonly evidence: string;
}

/** The LLM tier as the pipeline sees it; the Bedrock client implements it. */
export interface LlmPort {
  readonly modelId: string;
  extract(request: { readonly page: string; readonly pageUrl: string }): Promise<{
    readonly answer: LlmAnswer;
    readonly usage: TokenUsage;
  }>;
}

/** Everything the structured and heuristic tiers found; also what the benchmark measures. */
export interface PageAnalysis {
  readonly pageUrl: string;
  readonly structured: readonly PriceCandidate[];
  readonly visible: readonly PriceCandidate[];
  readonly decision: Decision;
  readonly stock: Stock;
  /** The reduced page the LLM would see. */
  readonly reduced: string;
  /** True when the earlier tiers are not confident enough on their own. */
  readonly needsLlm: boolean;
  /** The page is the shop refusing us (a captcha, a bot check), not the product page. */
  readonly refusal: Refusal | null;
  /** Why the page is for another product than ours (its GTIN), or null. */
  readonly wrongProduct: string | null;
}
