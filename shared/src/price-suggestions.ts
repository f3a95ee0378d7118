import * as z from 'zod';
import { hostOf } from './competitor-hosts';
import type { DashboardProduct } from './dashboard';
import { dashboardFilterQuerySchema } from './dashboard-filter';
import { idNumber } from './ids';
import { MAX_PAGE_SIZE, pageFieldsShape, pagingShape } from './list-query';
import { type ConsideredOffer, type PricingRule, suggestPrice } from './pricing-rules';

/**
 * A product's suggested price under the pricing rules (issue 33, docs/rules.md#25-pricing-rules):
 * the first rule whose scope takes the product, over the competitor prices the comparison counts.
 */

export const SUGGESTION_DIRECTIONS = ['up', 'down', 'none'] as const;
export type SuggestionDirection = (typeof SUGGESTION_DIRECTIONS)[number];

export const priceSuggestionSchema = z.strictObject({
  product_id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  current_price: z.number(),
  /** Null: no rule applies, or it cannot suggest (the reason says why). */
  suggested_price: z.number().nullable(),
  change: z.number().nullable(),
  change_percent: z.number().nullable(),
  rule_id: z.number().int().nullable(),
  /** The hosts whose prices made the target. */
  competitors: z.array(z.string()),
  reason: z.string(),
});
export type PriceSuggestion = z.infer<typeof priceSuggestionSchema>;

/** The dashboard's filters and the direction: the export's query. */
export const priceSuggestionFilterSchema = dashboardFilterQuerySchema.extend({
  direction: z
    .enum(SUGGESTION_DIRECTIONS, { error: `direction must be one of ${SUGGESTION_DIRECTIONS.join(', ')}` })
    .optional(),
});
export type PriceSuggestionFilters = z.output<typeof priceSuggestionFilterSchema>;

const PRODUCT_IDS_MESSAGE = `product_ids must be up to ${MAX_PAGE_SIZE} product ids separated by commas`;

/** A page's products (the dashboard's Suggested column asks for the rows it shows). */
const productIdsSchema = z
  .string(PRODUCT_IDS_MESSAGE)
  .regex(new RegExp(`^[1-9]\\d{0,15}(,[1-9]\\d{0,15}){0,${MAX_PAGE_SIZE - 1}}$`), PRODUCT_IDS_MESSAGE)
  .transform((text) => text.split(',').map(Number))
  .pipe(z.array(idNumber('product_ids')));

export const priceSuggestionQuerySchema = priceSuggestionFilterSchema.extend({
  ...pagingShape,
  product_ids: productIdsSchema.optional(),
});
export type PriceSuggestionQuery = z.output<typeof priceSuggestionQuerySchema>;

export const priceSuggestionPageSchema = z.strictObject({
  success: z.literal(true),
  suggestions: z.array(priceSuggestionSchema),
  ...pageFieldsShape,
});

type SuggestedProduct = Pick<
  DashboardProduct,
  'id' | 'sku' | 'name' | 'current_price' | 'cost' | 'category_id'
> & {
  price_comparison: Pick<DashboardProduct['price_comparison'], 'competitor_prices'>;
};

/** The first rule whose scope takes the product. */
export function ruleFor<R extends Pick<PricingRule, 'scope'>>(
  rules: readonly R[],
  product: Pick<SuggestedProduct, 'sku' | 'category_id'>,
): R | undefined {
  return rules.find(
    ({ scope }) =>
      scope === 'all' ||
      ('skus' in scope && scope.skus.includes(product.sku)) ||
      ('category_ids' in scope &&
        product.category_id !== null &&
        scope.category_ids.includes(product.category_id)),
  );
}

/**
 * The offers a suggestion may use: the prices the comparison uses (accepted, sure, in the shop's
 * currency or converted at a usable rate; totals when it adds shipping), as it compares them.
 */
export const offersOf = (product: SuggestedProduct): ConsideredOffer[] =>
  product.price_comparison.competitor_prices.flatMap((price) =>
    price.compared_price === null
      ? []
      : [{ host: hostOf(price.url), price: price.compared_price, in_stock: price.in_stock }],
  );

const round2 = (value: number) => Math.round((value + Number.EPSILON) * 100) / 100;

export function suggestionFor(
  rules: readonly (PricingRule & { id: number })[],
  product: SuggestedProduct,
): PriceSuggestion {
  const base = {
    product_id: product.id,
    sku: product.sku,
    name: product.name,
    current_price: product.current_price,
  };
  const rule = ruleFor(rules, product);
  if (!rule)
    return {
      ...base,
      suggested_price: null,
      change: null,
      change_percent: null,
      rule_id: null,
      competitors: [],
      reason: 'No rule applies',
    };
  const answer = suggestPrice(
    rule,
    { current_price: product.current_price, cost: product.cost },
    offersOf(product),
  );
  if (!answer.ok)
    return {
      ...base,
      suggested_price: null,
      change: null,
      change_percent: null,
      rule_id: rule.id,
      competitors: [],
      reason: `${rule.name}: ${answer.reason}`,
    };
  const change = round2(answer.suggested_price - product.current_price);
  return {
    ...base,
    suggested_price: answer.suggested_price,
    change,
    change_percent: product.current_price > 0 ? round2((change / product.current_price) * 100) : null,
    rule_id: rule.id,
    competitors: answer.competitors,
    reason: `${rule.name}: ${answer.reason}`,
  };
}

export const directionOf = (suggestion: Pick<PriceSuggestion, 'change'>): SuggestionDirection =>
  suggestion.change === null || suggestion.change === 0 ? 'none' : suggestion.change > 0 ? 'up' : 'down';

/** At most this many products' suggestions applied in one request. */
export const MAX_APPLY_PRODUCTS = 500;

/** POST /api/price-suggestions/apply. */
export const applySuggestionsSchema = z.strictObject({
  product_ids: z
    .array(idNumber('product_ids'), 'product_ids must be a list of product ids')
    .min(1, 'product_ids must name at least one product')
    .max(MAX_APPLY_PRODUCTS, `At most ${MAX_APPLY_PRODUCTS} products at once`),
});

export const applySuggestionsAnswerSchema = z.strictObject({
  success: z.literal(true),
  /** Products whose price is now their suggestion. */
  applied: z.number().int(),
  /** Products not changed, each with why (no suggestion, not found, changed meanwhile). */
  errors: z.array(z.strictObject({ product_id: z.number().int(), error: z.string() })),
});
export type ApplySuggestionsAnswer = z.infer<typeof applySuggestionsAnswerSchema>;

/** A change of our own price, as the price history lists it. */
export const ownPriceChangeSchema = z.strictObject({
  at: z.string(),
  old_price: z.number(),
  new_price: z.number(),
  /** `user:<id>`, `import:<id>` or `rule:<id>`. */
  changed_by: z.string(),
});
export type OwnPriceChange = z.infer<typeof ownPriceChangeSchema>;

/** What one rule would do to the products it takes (the Pricing rules screen's preview). */
export const rulePreviewSchema = z.strictObject({
  up: z.number().int(),
  down: z.number().int(),
  /** Suggested at today's price. */
  none: z.number().int(),
  /** Taken by the rule, but no price can be suggested (too few competitors, no cost for the floor). */
  no_suggestion: z.number().int(),
});
export type RulePreview = z.infer<typeof rulePreviewSchema>;

/** POST /api/pricing-rules/preview: per rule in order, and the products no rule takes. */
export const rulesPreviewAnswerSchema = z.strictObject({
  success: z.literal(true),
  preview: z.array(rulePreviewSchema),
  unmatched: z.number().int(),
});
export type RulesPreview = z.infer<typeof rulesPreviewAnswerSchema>;
