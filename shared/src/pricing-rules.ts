import * as z from 'zod';
import { requiredText } from './catalogue';
import { idNumber } from './ids';

/**
 * Pricing rules and the price they suggest (issue 33, docs/rules.md#25-pricing-rules): pure, so the
 * API, the dashboard and a person checking by hand get the same figure. Every amount is worked in
 * whole cents, rounded half up at each step.
 */

export const PRICING_TARGETS = [
  'match_lowest',
  'beat_lowest',
  'match_average',
  'within_percent_of_lowest',
] as const;
export type PricingTarget = (typeof PRICING_TARGETS)[number];
export const PRICE_ROUNDINGS = ['none', '0.99', '0.95', 'whole'] as const;
export type PriceRounding = (typeof PRICE_ROUNDINGS)[number];
export const MAX_PRICING_RULES = 100;

const percent = (label: string, max: number) =>
  z
    .number(`${label} must be a number`)
    .gt(0, `${label} must be above 0`)
    .max(max, `${label} must be at most ${max}`);
const amount = (label: string) =>
  z
    .number(`${label} must be a number`)
    .gt(0, `${label} must be above 0`)
    .max(1_000_000, `${label} must be at most 1000000`)
    .multipleOf(0.01, `${label} must have at most 2 decimals`);

/** A floor or ceiling: a margin over the product's cost, or a fixed amount. */
const limitSchema = z.union(
  [
    z.strictObject({
      margin_percent: z
        .number('margin_percent must be a number')
        .min(-100, 'margin_percent must be at least -100')
        .max(1000, 'margin_percent must be at most 1000'),
    }),
    z.strictObject({ amount: amount('amount') }),
  ],
  { error: 'A floor or ceiling is { margin_percent } or { amount }' },
);
export type PriceLimit = z.infer<typeof limitSchema>;

const scopeSchema = z.union(
  [
    z.literal('all'),
    z.strictObject({
      category_ids: z
        .array(idNumber('category_ids'), 'category_ids must be a list')
        .min(1, 'category_ids must name at least one category'),
    }),
    z.strictObject({
      skus: z
        .array(z.string('A SKU must be text').trim().min(1, 'A SKU must not be empty'), 'skus must be a list')
        .min(1, 'skus must name at least one SKU'),
    }),
  ],
  { error: "scope is 'all', { category_ids } or { skus }" },
);

export const pricingRuleSchema = z
  .strictObject({
    /** Given by the server; sent back unchanged to keep a rule's id (a suggestion names it). */
    id: z.number().int().positive().optional(),
    name: requiredText('Name', 100),
    scope: scopeSchema,
    target: z.enum(PRICING_TARGETS, `target must be one of ${PRICING_TARGETS.join(', ')}`),
    /** beat_lowest: by this much under the lowest. */
    by_amount: amount('by_amount').optional(),
    /** beat_lowest: by this percent under the lowest; within_percent_of_lowest: the band above it. */
    by_percent: percent('by_percent', 100).optional(),
    /** 'all', or the competitor hosts to consider. */
    competitors: z.union(
      [
        z.literal('all'),
        z
          .array(
            z.string('A host must be text').trim().toLowerCase().min(1),
            'competitors must be a list of hosts',
          )
          .min(1, 'competitors must name at least one host'),
      ],
      { error: "competitors is 'all' or a list of hosts" },
    ),
    in_stock_only: z.boolean('in_stock_only must be true or false').default(false),
    min_competitors: z
      .number('min_competitors must be a whole number from 1 to 50')
      .int('min_competitors must be a whole number from 1 to 50')
      .min(1, 'min_competitors must be a whole number from 1 to 50')
      .max(50, 'min_competitors must be a whole number from 1 to 50')
      .default(1),
    floor: limitSchema,
    ceiling: limitSchema.nullable().default(null),
    rounding: z
      .enum(PRICE_ROUNDINGS, `rounding must be one of ${PRICE_ROUNDINGS.join(', ')}`)
      .default('none'),
    /** How far one suggestion may move the price, in percent of the current price. */
    max_change_percent: percent('max_change_percent', 100).nullable().default(null),
  })
  .superRefine((rule, context) => {
    const problem = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (rule.target === 'beat_lowest' && (rule.by_amount === undefined) === (rule.by_percent === undefined))
      problem('by_amount', 'beat_lowest takes by_amount or by_percent, one of them');
    if (rule.target === 'within_percent_of_lowest' && rule.by_percent === undefined)
      problem('by_percent', 'within_percent_of_lowest takes by_percent');
    if (
      (rule.target === 'match_lowest' || rule.target === 'match_average') &&
      (rule.by_amount ?? rule.by_percent) !== undefined
    )
      problem(
        rule.by_amount === undefined ? 'by_percent' : 'by_amount',
        `${rule.target} takes no by_amount or by_percent`,
      );
  });
export type PricingRuleInput = z.input<typeof pricingRuleSchema>;
export type PricingRule = z.output<typeof pricingRuleSchema>;

/** PUT /api/pricing-rules: the whole ordered list (the first rule whose scope matches applies). */
export const pricingRulesInputSchema = z.strictObject({
  rules: z
    .array(pricingRuleSchema, 'rules must be a list')
    .max(MAX_PRICING_RULES, `At most ${MAX_PRICING_RULES} rules`),
});

/** A competitor's accepted price for the product, in the shop currency. */
export interface ConsideredOffer {
  readonly host: string;
  readonly price: number;
  readonly in_stock: boolean | null;
}

export type Suggestion =
  | {
      readonly ok: true;
      readonly suggested_price: number;
      /** The hosts whose prices made the target. */
      readonly competitors: string[];
      /** Each step that set or changed the price, as a person checks it: 'Beat lowest by 1 % → 18.81; …'. */
      readonly reason: string;
    }
  | { readonly ok: false; readonly reason: string };

/**
 * Half up to whole cents; the nudge takes a binary fraction just under a half (18.805 stored as
 * 18.80499…) to the half it stands for.
 */
const half = (centsValue: number) => Math.round(centsValue + 1e-6);
const cents = (amountValue: number) => half(amountValue * 100);
const text = (valueCents: number) => (valueCents / 100).toFixed(2);
const pct = (value: number) => `${Number(value.toFixed(4))} %`;

/** A limit in cents, with its words; null when it needs a cost the product has not. */
function limitCents(limit: PriceLimit, cost: number | null): { cents: number; words: string } | null {
  if ('amount' in limit) return { cents: cents(limit.amount), words: text(cents(limit.amount)) };
  if (cost === null) return null;
  const costCents = cents(cost);
  return {
    cents: half(costCents * (1 + limit.margin_percent / 100)),
    words: `cost ${text(costCents)} ${limit.margin_percent < 0 ? '-' : '+'} ${pct(Math.abs(limit.margin_percent))}`,
  };
}

/** Down to the nearest ending (19.24 → 18.99 at .99, → 19.00 whole); up to the next one when `up`. */
export function roundToEnding(valueCents: number, rounding: PriceRounding, up = false): number {
  if (rounding === 'none') return valueCents;
  const ending = rounding === 'whole' ? 0 : rounding === '0.99' ? 99 : 95;
  const whole = Math.floor(valueCents / 100) * 100;
  const down = whole + ending <= valueCents ? whole + ending : whole - 100 + ending;
  return up && down < valueCents ? down + 100 : down;
}

/**
 * The suggested price for a product under `rule`, worked in order: (1) the target from the offers
 * considered; (2) max_change_percent; (3) the ceiling, then the floor (the floor wins); (4) the
 * rounding, down to the nearest ending, or up to the next one where down falls under the floor.
 */
export function suggestPrice(
  rule: PricingRule,
  product: { readonly current_price: number; readonly cost: number | null },
  offers: readonly ConsideredOffer[],
): Suggestion {
  const considered = offers.filter(
    (offer) =>
      (rule.competitors === 'all' || rule.competitors.includes(offer.host.toLowerCase())) &&
      (!rule.in_stock_only || offer.in_stock === true) &&
      offer.price > 0,
  );
  if (considered.length < rule.min_competitors)
    return {
      ok: false,
      reason: `Too few competitors: ${considered.length} of the ${rule.min_competitors} needed`,
    };
  const floor = limitCents(rule.floor, product.cost);
  const ceiling = rule.ceiling && limitCents(rule.ceiling, product.cost);
  if (!floor || (rule.ceiling && !ceiling))
    return { ok: false, reason: 'No cost for the margin the rule needs' };

  const currentCents = cents(product.current_price);
  const prices = considered.map((offer) => cents(offer.price));
  const lowest = Math.min(...prices);
  const lowestHosts = considered.filter((offer) => cents(offer.price) === lowest).map((offer) => offer.host);
  const steps: string[] = [];
  let value: number;
  switch (rule.target) {
    case 'match_lowest':
      value = lowest;
      steps.push(`Match lowest → ${text(value)}`);
      break;
    case 'beat_lowest':
      value =
        rule.by_amount !== undefined
          ? lowest - cents(rule.by_amount)
          : half(lowest * (1 - (rule.by_percent ?? 0) / 100));
      steps.push(
        `Beat lowest by ${rule.by_amount !== undefined ? text(cents(rule.by_amount)) : pct(rule.by_percent ?? 0)} → ${text(value)}`,
      );
      break;
    case 'match_average':
      value = half(prices.reduce((sum, price) => sum + price, 0) / prices.length);
      steps.push(`Match average of ${prices.length} → ${text(value)}`);
      break;
    case 'within_percent_of_lowest': {
      const top = half(lowest * (1 + (rule.by_percent ?? 0) / 100));
      const within = currentCents >= lowest && currentCents <= top;
      value = within ? currentCents : top;
      steps.push(
        within
          ? `Within ${pct(rule.by_percent ?? 0)} of lowest: current ${text(value)} kept`
          : `Within ${pct(rule.by_percent ?? 0)} of lowest → ${text(value)}`,
      );
      break;
    }
  }
  if (rule.max_change_percent !== null) {
    const low = half(currentCents * (1 - rule.max_change_percent / 100));
    const high = half(currentCents * (1 + rule.max_change_percent / 100));
    const clamped = Math.min(high, Math.max(low, value));
    if (clamped !== value) steps.push(`max change ${pct(rule.max_change_percent)} → ${text(clamped)}`);
    value = clamped;
  }
  if (ceiling && value > ceiling.cents) {
    value = ceiling.cents;
    steps.push(`ceiling (${ceiling.words}) → ${text(value)}`);
  }
  if (value < floor.cents) {
    value = floor.cents;
    steps.push(`floor (${floor.words}) → ${text(value)}`);
  }
  if (rule.rounding !== 'none') {
    let rounded = roundToEnding(value, rule.rounding);
    if (rounded < floor.cents) rounded = roundToEnding(value, rule.rounding, true);
    if (rounded !== value)
      steps.push(
        `rounded to ${rule.rounding === 'whole' ? 'a whole amount' : rule.rounding} → ${text(rounded)}`,
      );
    value = rounded;
  }
  if (value <= 0) return { ok: false, reason: `${steps.join('; ')}: no price above 0` };
  return {
    ok: true,
    suggested_price: value / 100,
    competitors: rule.target === 'match_average' ? considered.map((offer) => offer.host) : lowestHosts,
    reason: steps.join('; '),
  };
}
