// The AI analysis dialog's texts (docs/screens.md#ai-price-analysis-dialog, including 'No price found';
// default £: docs/rules.md#3-money-and-currency).
import { formatDateTime, formatMoney, NOT_AVAILABLE } from '@cmp/shared';

/** AI results without a currency are shown in pounds (docs/rules.md#3-money-and-currency). */
export const DEFAULT_ANALYSIS_CURRENCY = 'GBP';
export const NO_PRICE_FOUND = 'No price found';

export type StockText = 'In Stock' | 'Out of Stock' | 'Unknown';

/** null: the page did not say (never guessed). */
export const stockText = (inStock: boolean | null): StockText =>
  inStock === null ? 'Unknown' : inStock ? 'In Stock' : 'Out of Stock';

/**
 * The extracted price with its currency, pounds when the page named none.
 * @example analysisPriceText(12.5, 'EUR') // '€12.50'
 */
export function analysisPriceText(price: number | null, currency: string | null): string {
  if (price === null) return NO_PRICE_FOUND;
  try {
    return formatMoney(price, currency ?? DEFAULT_ANALYSIS_CURRENCY);
  } catch {
    // An unknown currency code from a page must not break the dialog.
    return `${price.toFixed(2)} ${currency}`;
  }
}

/**
 * Confidence (0 to 1) as a percent to one decimal, or 'N/A'.
 * @example confidenceText(0.95) // '95.0%'
 */
export function confidenceText(confidence: number | null): string {
  return confidence === null || !Number.isFinite(confidence)
    ? NOT_AVAILABLE
    : `${(confidence * 100).toFixed(1)}%`;
}

export interface AnalysisSummary {
  price: string;
  stock: StockText;
  confidence: string;
  lastUpdated: string;
}

export function analysisSummary(analysis: {
  price: number | null;
  currency: string | null;
  in_stock: boolean | null;
  confidence: number | null;
  scraped_at: string | null;
}): AnalysisSummary {
  return {
    price: analysisPriceText(analysis.price, analysis.currency),
    stock: stockText(analysis.in_stock),
    confidence: confidenceText(analysis.confidence),
    lastUpdated: formatDateTime(analysis.scraped_at),
  };
}

export interface EvidenceItem {
  /** Which tier found it: json-ld, microdata, meta, visible, llm ... */
  source: string;
  where: string;
  snippet: string;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The evidence behind a price, read defensively: the server stores it as it was written, so any
 * entry without a snippet or a place is dropped rather than shown empty.
 */
export function evidenceItems(evidence: unknown): EvidenceItem[] {
  if (!Array.isArray(evidence)) return [];
  return evidence.flatMap((entry) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const record = entry as Record<string, unknown>;
    const item = {
      source: text(record.source) || text(record.tier) || text(record.kind) || 'unknown',
      where: text(record.where),
      snippet: text(record.snippet),
    };
    return item.where || item.snippet ? [item] : [];
  });
}

const TIER_LABELS: Record<string, string> = {
  structured: 'Structured data on the page',
  heuristic: 'Visible page text',
  llm: 'AI model reading the page',
  none: 'No price established',
};

/** How the price was decided, for the summary; unknown tiers are shown as they are. */
export const tierText = (tier: string | null): string =>
  tier === null ? NOT_AVAILABLE : (TIER_LABELS[tier] ?? tier);

/** Only web links are clickable in the AI's markdown: no javascript:, data: or relative URLs. */
export function safeLinkUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}
