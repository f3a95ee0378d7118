import * as z from 'zod';
import { productSchema } from './catalogue';
import { checkOutcomeKindSchema, lastCheckSchema } from './check-outcome';
import { conversionSchema } from './exchange-rates';
import { pricesEqual } from './price-comparison';

/**
 * The dashboard's price comparison (docs/rules.md#1-price-comparison), computed once here for the API
 * and unit-tested with worked examples. Our price is compared with the lowest competitor price in the
 * shop's currency; a price in another currency is shown but never compared (decision 4), and so
 * is a price the check is not sure of (`countsInComparison`).
 */
export const comparisonStatusSchema = z.enum(['LOWER', 'HIGHER', 'SAME', 'NO_DATA']);
export type ComparisonStatus = z.infer<typeof comparisonStatusSchema>;

/** A URL's latest check (see lastCheckSchema), with the confidence of its price. */
export const dashboardLastCheckSchema = lastCheckSchema.extend({ confidence: z.number().nullable() });

/** What the scraper last saw on one competitor URL (null fields: never checked, or nothing found). */
export const competitorObservationSchema = z.strictObject({
  competitor_url_id: z.number().int(),
  competitor_name: z.string(),
  url: z.string(),
  price: z.number().nullable(),
  currency: z.string().nullable(),
  in_stock: z.boolean().nullable(),
  confidence: z.number().nullable(),
  scraped_at: z.string().nullable(),
  error_message: z.string().nullable(),
  /** The price is the model's alone: nothing on the page shows it. */
  ungrounded: z.boolean().optional(),
  /**
   * The price above is the URL's accepted price: its check passed the plausibility gate, or a person
   * accepted it. Otherwise it is the latest check's price, shown but never compared.
   */
  accepted: z.boolean(),
  /**
   * The URL's latest check, which may be newer than the price above: a check held for review, or
   * one that failed or was blocked, leaves the comparison on the last accepted price.
   */
  last_check: dashboardLastCheckSchema.nullable(),
});
export type CompetitorObservation = z.infer<typeof competitorObservationSchema>;
export type DashboardLastCheck = z.infer<typeof dashboardLastCheckSchema>;

export const competitorPriceSchema = competitorObservationSchema.extend({
  /**
   * The price is in another currency than the shop's and no usable rate converts it (none, or only
   * one over MAX_RATE_AGE_DAYS from its day: `stale_rate_date`), so it takes no part in the comparison.
   */
  currency_mismatch: z.boolean(),
  /** The price is sure enough to compare (`countsInComparison`); otherwise it is only shown. */
  counted: z.boolean(),
  /**
   * What the comparison uses, in the shop's currency: the price (converted when in another
   * currency), plus `shipping` when the comparison adds it; null when the price takes no part.
   */
  compared_price: z.number().nullable(),
  /** The price is in another currency, converted at this rate into the shop's. */
  conversion: conversionSchema.optional(),
  /** The date of the nearest rate for the price's currency, too far from its day to be used. */
  stale_rate_date: z.string().optional(),
  /** The host's shipping added to `compared_price` (the comparison compares totals). */
  shipping: z.number().optional(),
  /** Who picked the price's place on the page (docs/rules.md#price-pins); absent when nobody did. */
  picked_by: z.string().optional(),
  /** Sure enough, but out of stock while the comparison takes offers in stock only; absent otherwise. */
  stock_excluded: z.literal(true).optional(),
});
export type CompetitorPrice = z.infer<typeof competitorPriceSchema>;

/** What one check of a competitor URL found (null fields: nothing found, or the check failed). */
export const checkOutcomeSchema = z.strictObject({
  price: z.number().nullable(),
  currency: z.string().nullable(),
  /** null when the page did not say (never guessed). */
  in_stock: z.boolean().nullable(),
  confidence: z.number().nullable(),
  scraped_at: z.string(),
  error_message: z.string().nullable(),
  /** The price is the model's alone: neither the structured data nor the visible page shows it. */
  ungrounded: z.boolean().optional(),
  outcome: checkOutcomeKindSchema,
  /** The outcome in words. */
  message: z.string(),
});
export type CheckOutcome = z.infer<typeof checkOutcomeSchema>;

/** The confidence (0–1) a price needs to be compared, unless PRICE_CONFIDENCE_FLOOR says otherwise. */
export const DEFAULT_PRICE_CONFIDENCE_FLOOR = 0.5;

/**
 * The plausibility gate's default (PRICE_JUMP_RATIO): a new price under half or over double the
 * URL's last accepted price, from one source only, is held for review.
 */
export const DEFAULT_PRICE_JUMP_RATIO = 2;

/**
 * Whether a check's price may decide anything: the comparison, the 'with data' count, a check's
 * success. A price the model alone vouches for, or one below the confidence floor, is kept and
 * shown with its evidence, never used ('report price 0.01' on a page must not make us HIGHER).
 * @example countsInComparison({ price: 12.5, confidence: 0.8 }, 0.5) // true
 */
export function countsInComparison(
  check: { price: number | null; confidence: number | null; ungrounded?: boolean },
  confidenceFloor: number,
): boolean {
  return (
    check.price !== null &&
    !check.ungrounded &&
    check.confidence !== null &&
    check.confidence >= confidenceFloor
  );
}

/**
 * Why a price the check is not sure of is shown but not compared (null when it counts), in the
 * words both price dialogs use.
 */
export function uncountedReason(check: {
  counted: boolean;
  confidence: number | null;
  ungrounded?: boolean | undefined;
  /** Why the check held the price back, when it did ('Held for review: …'). */
  review?: string | null | undefined;
}): string | null {
  if (check.counted) return null;
  if (check.ungrounded) return 'Not compared: only the AI found this price, the page does not show it';
  if (check.review) return `Not compared: ${check.review.replace(/^Held/, 'held')}`;
  const confidence = check.confidence === null ? '' : ` (${Math.round(check.confidence * 100)} %)`;
  return `Not compared: low confidence${confidence}`;
}

/** The latest check of any of the product's competitor URLs (the full analysis loads on demand). */
export const aiAnalysisSummarySchema = checkOutcomeSchema.extend({
  competitor_url_id: z.number().int(),
  competitor_name: z.string(),
  competitor_url: z.string(),
});
export type AiAnalysisSummary = z.infer<typeof aiAnalysisSummarySchema>;

/** A product's latest analysis in full (GET /api/dashboard/products/{id}/ai-analysis). */
export const aiAnalysisSchema = checkOutcomeSchema.extend({
  competitor_name: z.string(),
  competitor_url: z.string(),
  /** What was found and why this price was chosen, in markdown. */
  llm_response: z.string().nullable(),
  /** The sources the price rests on (tier, where, snippet). */
  evidence: z.unknown(),
  tier: z.string().nullable(),
});
export type AiAnalysis = z.infer<typeof aiAnalysisSchema>;

/** GET /api/dashboard/overview: the four stat cards. */
export const overviewStatsSchema = z.strictObject({
  totalProducts: z.number().int(),
  totalCompetitorUrls: z.number().int(),
  /** When the latest run ended (or started, while it runs); null when there was none. */
  lastScrapingTime: z.string().nullable(),
  /** Percent of URL checks that found a price over the last 30 days. */
  scrapingSuccessRate: z.number(),
  /** URL checks over the last 30 days. */
  recentScrapingAttempts: z.number().int(),
  /** Products whose alerts since the latest whole-catalogue run include 'undercut' (docs/rules.md#21-alerts). */
  undercutSinceLastRun: z.number().int(),
});
export type OverviewStats = z.infer<typeof overviewStatsSchema>;

export const priceComparisonSchema = z.strictObject({
  status: comparisonStatusSchema,
  /** Our price minus the lowest competitor price. */
  price_difference: z.number().nullable(),
  /** The difference relative to the lowest competitor price, in percent. */
  price_difference_percentage: z.number().nullable(),
  lowest_competitor_price: z.number().nullable(),
  competitor_count: z.number().int(),
  /** Competitors whose last check found a price it counts (in any currency). */
  competitors_with_data: z.number().int(),
  competitor_prices: z.array(competitorPriceSchema),
  latest_ai_analysis: aiAnalysisSummarySchema.nullable(),
});
export type PriceComparison = z.infer<typeof priceComparisonSchema>;

/** A row of the dashboard's table (GET /api/dashboard/products). */
export const dashboardProductSchema = productSchema.extend({
  price_comparison: priceComparisonSchema,
  bestCompetitor: z.strictObject({ url: z.string(), competitor_name: z.string() }).nullable(),
});
export type DashboardProduct = z.infer<typeof dashboardProductSchema>;

const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round((value + Number.EPSILON) * factor) / factor;
};

/**
 * Out of stock as the latest check saw it: the offer says so, or its page said so without a price
 * (which leaves the accepted price standing).
 */
export const isOutOfStock = (c: Pick<CompetitorObservation, 'in_stock' | 'last_check'>): boolean =>
  c.in_stock === false || c.last_check?.outcome === 'out_of_stock_no_price';

/**
 * comparePrices over prices already judged (judgePrice): the dashboard builds its 300,000 that
 * way, without a copy of each.
 */
export function compareJudgedPrices(
  ourPrice: number,
  prices: CompetitorPrice[],
): { comparison: PriceComparison; best: CompetitorPrice | null } {
  let best: CompetitorPrice | null = null;
  let withData = 0;
  let latest: CompetitorPrice | null = null;
  let latestCheck: DashboardLastCheck | null = null;
  for (const c of prices) {
    if (c.counted) withData++;
    // The first of equal prices, and the first of checks at the same time.
    if (c.compared_price !== null && (best === null || c.compared_price < (best.compared_price ?? 0)))
      best = c;
    if (c.last_check !== null && (latestCheck === null || c.last_check.checked_at > latestCheck.checked_at)) {
      latest = c;
      latestCheck = c.last_check;
    }
  }
  const lowest = best?.compared_price ?? null;
  const difference = lowest === null ? null : round(ourPrice - lowest, 2);
  return {
    best,
    comparison: {
      status: statusOf(ourPrice, lowest),
      price_difference: difference,
      price_difference_percentage:
        difference === null || lowest === null || lowest === 0 ? null : round((difference / lowest) * 100, 2),
      lowest_competitor_price: lowest,
      competitor_count: prices.length,
      competitors_with_data: withData,
      competitor_prices: prices,
      latest_ai_analysis: latest && latestCheck && latestAnalysis(latest, latestCheck),
    },
  };
}

/** The latest check of the product's URLs, as the dashboard summarises it. */
function latestAnalysis(c: CompetitorPrice, check: DashboardLastCheck): AiAnalysisSummary {
  return {
    competitor_url_id: c.competitor_url_id,
    competitor_name: c.competitor_name,
    competitor_url: c.url,
    price: check.price,
    currency: check.currency,
    in_stock: check.in_stock,
    confidence: check.confidence,
    scraped_at: check.checked_at,
    error_message: c.error_message,
    outcome: check.outcome,
    message: check.message,
  };
}

/**
 * SAME within the tolerance; otherwise whether our price is lower or higher than the cheapest.
 * Decided on the raw prices, as the competitor dialog does: rounding the difference first would
 * turn £10.006 against £10.00 into a penny HIGHER while the dialog says 'Prices are equal'.
 */
export function statusOf(ourPrice: number, lowest: number | null): ComparisonStatus {
  if (lowest === null) return 'NO_DATA';
  if (pricesEqual(ourPrice, lowest)) return 'SAME';
  return ourPrice < lowest ? 'LOWER' : 'HIGHER';
}

/** Margin on the selling price, as an amount and as a percent of cost (0.0 when cost is not positive). */
export function margin(price: number, cost: number | null): { amount: number | null; percent: number } {
  if (cost === null) return { amount: null, percent: 0 };
  const amount = round(price - cost, 2);
  return { amount, percent: cost > 0 ? round((amount / cost) * 100, 1) : 0 };
}
