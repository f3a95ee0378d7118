import * as z from 'zod';
import { isWebUrl, requiredText, URL_MAX_LENGTH } from './catalogue';

/**
 * Competitors (issue 32, docs/rules.md "Competitors"): a shop by its domain, with the sitemaps and
 * product feeds its products are discovered from. Its competitor URLs are those on its domain.
 */

export const FEED_FORMATS = ['google-merchant-xml', 'csv'] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];
export const COMPETITOR_NAME_LENGTH = 100;
export const MAX_SITEMAPS = 20;
export const MAX_FEEDS = 10;

/** `shop.example` or `shop.example:8080`: a host name (lower case) with an optional port. */
const DOMAIN = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/;
const DOMAIN_RULE = 'The domain must be a host name such as shop.example, without http:// or a path';

const webAddress = (label: string) =>
  z
    .string(`${label} must be text`)
    .trim()
    .max(URL_MAX_LENGTH, `${label} must be at most ${URL_MAX_LENGTH} characters`)
    .refine(isWebUrl, `${label} must be an absolute http(s) address`);

export const feedInputSchema = z.strictObject({
  url: webAddress('A feed address'),
  format: z.enum(FEED_FORMATS, `A feed's format must be one of ${FEED_FORMATS.join(', ')}`),
});
export type FeedInput = z.infer<typeof feedInputSchema>;

/** POST /api/competitors and PUT /api/competitors/{id}. */
export const competitorInputSchema = z.strictObject({
  name: requiredText('Name', COMPETITOR_NAME_LENGTH),
  domain: z
    .string('The domain is required')
    .trim()
    .toLowerCase()
    .transform((domain) => domain.replace(/\.$/, ''))
    .pipe(z.string().min(1, 'The domain is required').max(260, DOMAIN_RULE).regex(DOMAIN, DOMAIN_RULE)),
  sitemaps: z
    .array(webAddress('A sitemap address'), 'sitemaps must be a list of addresses')
    .max(MAX_SITEMAPS, `At most ${MAX_SITEMAPS} sitemaps`)
    .optional()
    .transform((list) => [...new Set(list ?? [])]),
  feeds: z
    .array(feedInputSchema, 'feeds must be a list of { url, format }')
    .max(MAX_FEEDS, `At most ${MAX_FEEDS} feeds`)
    .optional()
    .transform((list) => list ?? []),
});
export type CompetitorInput = z.input<typeof competitorInputSchema>;
export type CompetitorFields = z.output<typeof competitorInputSchema>;

export const competitorSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  domain: z.string(),
  /** The sitemaps given; empty: discovery reads those robots.txt names. */
  sitemaps: z.array(z.string()),
  feeds: z.array(z.strictObject({ url: z.string(), format: z.enum(FEED_FORMATS) })),
  /** Competitor URLs on its domain (or a subdomain of it). */
  url_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Competitor = z.infer<typeof competitorSchema>;

/**
 * Whether a competitor URL is on the domain: its host is the domain or a subdomain of it
 * (`www.shop.example` is on `shop.example`); a domain with a port takes that port only.
 */
export function isOnDomain(url: string, domain: string): boolean {
  let parsed: { hostname: string; host: string };
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const host = domain.includes(':') ? parsed.host.toLowerCase() : parsed.hostname.toLowerCase();
  return host === domain || host.endsWith(`.${domain}`);
}

/** The competitor a URL belongs to: the one with the longest domain it is on, or undefined. */
export function competitorOf<T extends { domain: string }>(
  url: string,
  competitors: readonly T[],
): T | undefined {
  let best: T | undefined;
  for (const competitor of competitors)
    if (isOnDomain(url, competitor.domain) && competitor.domain.length > (best?.domain.length ?? -1))
      best = competitor;
  return best;
}
