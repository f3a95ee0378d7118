import * as z from 'zod';

/**
 * How one check of a competitor URL ended (docs/rules.md#check-outcomes). Exactly one per check,
 * stored on the price record and on the URL's latest observation.
 */
export const CHECK_OUTCOMES = [
  /** A price. */
  'ok',
  /** The page was read; no price on it. */
  'no_price',
  /** The page says out of stock and shows no price. */
  'out_of_stock_no_price',
  /** A price held back by the plausibility gate until confirmed or accepted. */
  'review',
  /** The page's identifiers name another product. */
  'wrong_product',
  /** The shop refused us: 401/403/429, a captcha or bot-protection page, a JavaScript-only shell. */
  'blocked',
  /** Network, time-out, HTTP error, robots.txt. */
  'failed',
] as const;
export const checkOutcomeKindSchema = z.enum(CHECK_OUTCOMES);
export type CheckOutcomeKind = z.infer<typeof checkOutcomeKindSchema>;

/** The outcomes staff must act on: the Competitors page's 'Failing' filter. */
export const FAILING_OUTCOMES: readonly CheckOutcomeKind[] = ['blocked', 'failed', 'wrong_product', 'review'];

/** Outcomes that count towards a URL's consecutive failures (the shop could not be read). */
export const UNREACHABLE_OUTCOMES: readonly CheckOutcomeKind[] = ['blocked', 'failed'];

/** The badge text for each outcome. */
export const OUTCOME_LABELS: Readonly<Record<CheckOutcomeKind, string>> = {
  ok: 'OK',
  no_price: 'No price',
  out_of_stock_no_price: 'Out of stock',
  review: 'Review',
  wrong_product: 'Wrong product',
  blocked: 'Blocked',
  failed: 'Failed',
};
