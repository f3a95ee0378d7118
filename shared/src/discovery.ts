import * as z from 'zod';
import { DEFAULT_MATCH_THRESHOLD } from './match-suggestions';

/**
 * Discovery of a competitor's products (issue 32, docs/rules.md#24-competitors-and-matching): a job
 * reads its sitemaps' pages and its feeds, then matches what it found against the catalogue.
 */

export const DISCOVERY_STATUSES = ['queued', 'running', 'completed', 'failed', 'stopped'] as const;
export type DiscoveryStatus = (typeof DISCOVERY_STATUSES)[number];

/** A page read by an earlier job is read again only after this many days. */
export const DISCOVERY_REREAD_DAYS = 7;
export const DEFAULT_DISCOVERY_MAX_PAGES = 20_000;
export const MAX_DISCOVERY_MAX_PAGES = 1_000_000;
/** At most this many problem lines kept on a job (the count in `errors` goes on). */
export const MAX_DISCOVERY_PROBLEMS = 20;

export const discoveryJobSchema = z.strictObject({
  id: z.string(),
  competitor_id: z.number().int(),
  status: z.enum(DISCOVERY_STATUSES),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** Pages the sitemaps listed that this job was to read (after the cap and the 7-day rule). */
  pages_listed: z.number().int(),
  /** Pages left out because an earlier job read them in the last 7 days. */
  pages_recent: z.number().int(),
  pages_read: z.number().int(),
  /** Pages read that were not products (no schema.org Product and no price). */
  pages_skipped: z.number().int(),
  /** Products found on pages and in feeds. */
  products_found: z.number().int(),
  suggestions: z.number().int(),
  /** Pages, sitemaps and feeds that could not be read. */
  errors: z.number().int(),
  /** The first problems, one line each: what could not be read and why. */
  problems: z.array(z.string()),
});
export type DiscoveryJob = z.infer<typeof discoveryJobSchema>;

export const AUTO_ACCEPT_REASONS = ['gtin', 'mpn'] as const;

/** GET and PUT /api/discovery-settings. */
export const discoverySettingsSchema = z.strictObject({
  max_pages: z
    .number('max_pages must be a whole number')
    .int('max_pages must be a whole number')
    .min(1, 'max_pages must be at least 1')
    .max(
      MAX_DISCOVERY_MAX_PAGES,
      `max_pages must be at most ${MAX_DISCOVERY_MAX_PAGES.toLocaleString('en')}`,
    ),
  match_threshold: z
    .number('match_threshold must be a number from 0.5 to 1')
    .min(0.5, 'match_threshold must be a number from 0.5 to 1')
    .max(1, 'match_threshold must be a number from 0.5 to 1'),
  /** Suggestions of these reasons are accepted as soon as a job makes them. */
  auto_accept: z
    .array(
      z.enum(AUTO_ACCEPT_REASONS, { error: `auto_accept may hold ${AUTO_ACCEPT_REASONS.join(' and ')}` }),
      'auto_accept must be a list',
    )
    .overwrite((reasons) => [...new Set(reasons)]),
});
export type DiscoverySettings = z.output<typeof discoverySettingsSchema>;

export const DEFAULT_DISCOVERY_SETTINGS: DiscoverySettings = {
  max_pages: DEFAULT_DISCOVERY_MAX_PAGES,
  match_threshold: DEFAULT_MATCH_THRESHOLD,
  auto_accept: [],
};
