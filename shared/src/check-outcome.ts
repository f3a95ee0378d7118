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

/** The product token robots.txt rules are matched against (and the User-Agent's name). */
export const ROBOTS_AGENT = 'CheckMyPriceBot';

/** How a held price's message starts while it waits for a check or a person to confirm it. */
export const HELD_FOR_REVIEW = 'Held for review: ';

/**
 * Whether a check's price waits for a person's 'Accept price' or 'Reject': held for review and not
 * yet rejected (a rejected price stays 'review', never compared, but waits for no one).
 */
export const awaitsDecision = (check: { outcome: CheckOutcomeKind; message: string }): boolean =>
  check.outcome === 'review' && check.message.startsWith(HELD_FOR_REVIEW);

/** Outcomes that count towards a URL's consecutive failures (the shop could not be read). */
export const UNREACHABLE_OUTCOMES: readonly CheckOutcomeKind[] = ['blocked', 'failed'];

/**
 * A URL's latest check as the API reports it (GET /api/competitor-urls, /api/competitor-urls/{id}):
 * null before the first check. The price is what that check found, compared or not.
 */
export const lastCheckSchema = z.strictObject({
  outcome: checkOutcomeKindSchema,
  message: z.string(),
  checked_at: z.string(),
  price: z.number().nullable(),
  currency: z.string().nullable(),
  in_stock: z.boolean().nullable(),
  /** Checks in a row that could not read the page (blocked or failed); 0 after one that could. */
  consecutive_failures: z.number().int().nonnegative(),
});
export type LastCheck = z.infer<typeof lastCheckSchema>;

/**
 * The outcome of a check stored before outcomes were kept: a price is 'ok', an error 'failed',
 * anything else 'no_price'.
 */
export function outcomeOfLegacyCheck(check: { price: number | null; error_message: string | null }): {
  outcome: CheckOutcomeKind;
  message: string;
} {
  if (check.price !== null) return { outcome: 'ok', message: 'Price found' };
  if (check.error_message) return { outcome: 'failed', message: check.error_message };
  return { outcome: 'no_price', message: 'No price found on the page' };
}

/** How many checks ended in each outcome (a run's, or the last 30 days'). */
export const outcomeCountsSchema = z.strictObject(
  Object.fromEntries(CHECK_OUTCOMES.map((outcome) => [outcome, z.number().int().nonnegative()])) as Record<
    CheckOutcomeKind,
    z.ZodNumber
  >,
);
export type OutcomeCounts = z.infer<typeof outcomeCountsSchema>;

/** Counts of every outcome, from a list of outcomes. */
export function countByOutcome(outcomes: Iterable<CheckOutcomeKind>): OutcomeCounts {
  const counts = Object.fromEntries(CHECK_OUTCOMES.map((outcome) => [outcome, 0])) as OutcomeCounts;
  for (const outcome of outcomes) counts[outcome]++;
  return counts;
}

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
