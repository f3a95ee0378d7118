import * as z from 'zod';
import { type CheckOutcomeKind, type OutcomeCounts, outcomeCountsSchema } from './check-outcome';
import { shippingSchema } from './comparison-settings';

/**
 * Competitor hosts (docs/rules.md#23-competitor-hosts): every host name the competitor URLs are on,
 * how its checks went, and how it is fetched.
 */

/** `auto`: a plain fetch first, the browser when the page needs one; `plain` never, `browser` always. */
export const FETCH_MODES = ['auto', 'plain', 'browser'] as const;
export type FetchMode = (typeof FETCH_MODES)[number];

/** How long a rendered page's scripts may run after it loads, at most; 0 waits until its network is idle. */
export const MAX_RENDER_WAIT_MS = 15_000;
/** Request starts to one host at least this far apart (a robots.txt Crawl-delay may ask for more). */
export const MIN_SPACING_SECONDS = 1;
export const MAX_SPACING_SECONDS = 600;
/** The runs a host's success rate is over. */
export const SUCCESS_RATE_RUNS = 5;
/** A proxy password is shown as its last this many characters. */
export const PASSWORD_HINT_CHARACTERS = 4;

const proxyUrlSchema = z
  .string()
  .trim()
  .max(300, 'The proxy address is at most 300 characters')
  .refine((text) => {
    try {
      const url = new URL(text);
      return (
        (url.protocol === 'http:' || url.protocol === 'https:') &&
        url.username === '' &&
        url.password === '' &&
        (url.pathname === '/' || url.pathname === '') &&
        url.search === '' &&
        url.hash === ''
      );
    } catch {
      return false;
    }
  }, 'The proxy address must be http(s)://host:port, with the user name and password in their own fields');

/** A host's proxy as an admin sets it; the password may be left out to keep the one stored. */
export const proxyInputSchema = z.strictObject({
  url: proxyUrlSchema,
  username: z.string().max(200, 'The proxy user name is at most 200 characters'),
  password: z
    .string()
    .min(1, 'Enter the proxy password')
    .max(500, 'The proxy password is at most 500 characters')
    .optional(),
});
export type ProxyInput = z.infer<typeof proxyInputSchema>;

const RENDER_WAIT_RULE = `The render wait must be a whole number of milliseconds from 0 to ${MAX_RENDER_WAIT_MS}`;
const SPACING_RULE = `The spacing must be from ${MIN_SPACING_SECONDS} to ${MAX_SPACING_SECONDS} seconds`;

/** PUT /api/competitor-hosts/{host}: every setting of the host. */
export const hostSettingsInputSchema = z.strictObject({
  fetch_mode: z.enum(FETCH_MODES, `fetch_mode must be one of ${FETCH_MODES.join(', ')}`),
  render_wait_ms: z
    .number(RENDER_WAIT_RULE)
    .int(RENDER_WAIT_RULE)
    .min(0, RENDER_WAIT_RULE)
    .max(MAX_RENDER_WAIT_MS, RENDER_WAIT_RULE),
  spacing_seconds: z
    .number(SPACING_RULE)
    .min(MIN_SPACING_SECONDS, SPACING_RULE)
    .max(MAX_SPACING_SECONDS, SPACING_RULE),
  proxy: proxyInputSchema.nullable(),
  /**
   * What the host charges for shipping, in the shop's currency (null: not known); left out, what is
   * stored stays. Compared only while the comparison adds shipping (compare_with_shipping).
   */
  shipping: shippingSchema.nullable().optional(),
});
export type HostSettingsInput = z.infer<typeof hostSettingsInputSchema>;

/** A host's proxy as shown: never its password, only the password's last characters. */
export const proxyViewSchema = z.strictObject({
  url: z.string(),
  username: z.string(),
  password_hint: z.string(),
});
export type ProxyView = z.infer<typeof proxyViewSchema>;

export const hostSettingsSchema = z.strictObject({
  fetch_mode: z.enum(FETCH_MODES),
  render_wait_ms: z.number().int(),
  spacing_seconds: z.number(),
  proxy: proxyViewSchema.nullable(),
  shipping: shippingSchema.nullable(),
});
export type HostSettings = z.infer<typeof hostSettingsSchema>;

/** A host nobody has set anything for. */
export const DEFAULT_HOST_SETTINGS: HostSettings = {
  fetch_mode: 'auto',
  render_wait_ms: 0,
  spacing_seconds: MIN_SPACING_SECONDS,
  proxy: null,
  shipping: null,
};

export const competitorHostSchema = hostSettingsSchema.extend({
  host: z.string(),
  url_count: z.number().int().nonnegative(),
  /** How the host's checks ended in the last run that checked it; null before any. */
  outcome_counts: outcomeCountsSchema.nullable(),
  /** Successful checks over its last SUCCESS_RATE_RUNS runs, 0–100 to 1 decimal; null before any. */
  success_rate: z.number().nullable(),
  /** The median time of one check (its page's fetch and the extraction) in its last run; null before any. */
  median_check_ms: z.number().int().nullable(),
  /** `auto` found that the host's pages need the browser: its checks go straight there. */
  escalated: z.boolean(),
  /** What to do about the host's failures, in words; null while it is doing well. */
  hint: z.string().nullable(),
});
export type CompetitorHost = z.infer<typeof competitorHostSchema>;

/** The host a competitor URL is on, as the lists and the pacing name it: its host name, lower case. */
export function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return '';
  }
}

/** Successful checks × 100 / all, to 1 decimal; null with none. */
export function successRate(counts: OutcomeCounts | null): number | null {
  if (!counts) return null;
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  return total === 0 ? null : Math.round((counts.ok / total) * 1000) / 10;
}

/** Below this success rate a host gets a hint. */
const HEALTHY_RATE = 80;

export const HOST_HINTS = {
  refused: 'The shop refuses us: use its feed or a proxy, or remove its URLs',
  switchToBrowser: 'Switch to browser',
  waitLonger: 'Let its pages render longer, or pin the price on one of them',
  unreachable: 'Its pages do not load: check the addresses, or give it more spacing',
  wrongProduct: 'Its URLs are for other products: check them',
  review: 'Its prices wait for review on the Competitors page',
} as const;

/**
 * What to do about a host whose last run went badly, from what most of its failed checks were;
 * null while its success rate is at least 80 % or nothing was checked.
 */
export function hostHint(
  counts: OutcomeCounts | null,
  settings: { fetch_mode: FetchMode; escalated: boolean },
): string | null {
  const rate = successRate(counts);
  if (!counts || rate === null || rate >= HEALTHY_RATE) return null;
  const failures: [CheckOutcomeKind, number][] = (
    Object.entries(counts) as [CheckOutcomeKind, number][]
  ).filter(([outcome, n]) => outcome !== 'ok' && n > 0);
  const [worst] = failures.sort((a, b) => b[1] - a[1])[0] ?? [];
  const rendered =
    settings.fetch_mode === 'browser' || (settings.fetch_mode === 'auto' && settings.escalated);
  switch (worst) {
    case 'blocked':
      return HOST_HINTS.refused;
    case 'no_price':
    case 'out_of_stock_no_price':
      return rendered ? HOST_HINTS.waitLonger : HOST_HINTS.switchToBrowser;
    case 'failed':
      return HOST_HINTS.unreachable;
    case 'wrong_product':
      return HOST_HINTS.wrongProduct;
    case 'review':
      return HOST_HINTS.review;
    default:
      return null;
  }
}
