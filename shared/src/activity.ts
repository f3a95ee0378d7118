import * as z from 'zod';
import { isDay } from './days';
import { idText } from './ids';
import { pagingShape } from './list-query';

/**
 * The activity log (issue 33, docs/rules.md#26-activity-log): every change made through the API,
 * who made it and when, with before → after for prices. The kinds group the routes by what they
 * change, as the log's filter offers them.
 */
export const ACTIVITY_KINDS = [
  'products',
  'competitor_urls',
  'competitors',
  'pricing',
  'runs',
  'schedule',
  'alerts',
  'users',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const ACTIVITY_KIND_LABELS: Readonly<Record<ActivityKind, string>> = {
  products: 'Products',
  competitor_urls: 'Competitor URLs',
  competitors: 'Competitors',
  pricing: 'Pricing',
  runs: 'Price checks',
  schedule: 'Schedule',
  alerts: 'Alerts',
  users: 'Users',
};

/** Path prefixes, most specific first: the kind of change a route makes. */
const KIND_OF_PATH: readonly (readonly [string, ActivityKind])[] = [
  ['/api/scraper/schedule', 'schedule'],
  ['/api/scraper/', 'runs'],
  ['/api/competitor-urls/{id}/check', 'runs'],
  ['/api/competitor-urls', 'competitor_urls'],
  ['/api/match-suggestions', 'competitor_urls'],
  ['/api/products', 'products'],
  ['/api/categories', 'products'],
  ['/api/imports', 'products'],
  ['/api/competitor-hosts', 'competitors'],
  ['/api/competitors', 'competitors'],
  ['/api/discovery-settings', 'competitors'],
  ['/api/pricing-rules', 'pricing'],
  ['/api/price-suggestions', 'pricing'],
  ['/api/comparison-settings', 'pricing'],
  ['/api/exchange-rates', 'pricing'],
  ['/api/alert-settings', 'alerts'],
  ['/api/users', 'users'],
];

/** The kind of change a route (its contract path) makes; null for one that changes nothing kept. */
export function activityKindOf(path: string): ActivityKind | null {
  return KIND_OF_PATH.find(([prefix]) => path.startsWith(prefix))?.[1] ?? null;
}

/** One value changed: a product's price, from before to after. */
export const activityChangeSchema = z.strictObject({
  /** What it belongs to: `product K-1`. */
  target: z.string(),
  field: z.string(),
  before: z.union([z.number(), z.string(), z.null()]),
  after: z.union([z.number(), z.string(), z.null()]),
});
export type ActivityChange = z.infer<typeof activityChangeSchema>;

/** At most this many changes are kept per entry; the rest are counted. */
export const MAX_ACTIVITY_CHANGES = 50;

export const activityEntrySchema = z.strictObject({
  id: z.string(),
  at: z.string(),
  user_id: z.number().int(),
  username: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  /** The route: `PUT /api/products/{id}`. */
  action: z.string(),
  /** What was done, in words: `Change a product`. */
  what: z.string(),
  /** The path's ids: `7`, `7, 3`; null without one. */
  target: z.string().nullable(),
  changes: z.array(activityChangeSchema),
  /** Changes beyond the ones listed. */
  more_changes: z.number().int(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

const dayText = (label: string) =>
  z
    .string(`${label} must be a date such as 2026-11-28`)
    .refine(isDay, `${label} must be a date such as 2026-11-28`);

/** GET /api/activity: newest first, a page at a time (`cursor` from the page before). */
export const activityQuerySchema = z.object({
  page_size: pagingShape.page_size,
  cursor: z.string().max(500, 'cursor is not one this API gave').optional(),
  user_id: idText('user_id').optional(),
  kind: z.enum(ACTIVITY_KINDS, { error: `kind must be one of ${ACTIVITY_KINDS.join(', ')}` }).optional(),
  /** The first and last day (UTC) shown, both included. */
  from: dayText('from').optional(),
  to: dayText('to').optional(),
});
export type ActivityQuery = z.output<typeof activityQuerySchema>;

export const activityPageSchema = z.strictObject({
  success: z.literal(true),
  activity: z.array(activityEntrySchema),
  /** The next page's `cursor`; null on the last page. */
  next_cursor: z.string().nullable(),
});

export const ADMINS_ONLY_ACTIVITY = 'Only an administrator can see the activity log';
