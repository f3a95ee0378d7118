import * as z from 'zod';
import { outcomeCountsSchema } from './check-outcome';

/** The scraper API's shapes (docs/api.md#shapes: ScraperStatus, ScraperLog, ScraperStats). */
export const scraperRunStatusSchema = z.enum(['running', 'completed', 'failed', 'stopped']);
export type ScraperRunStatus = z.infer<typeof scraperRunStatusSchema>;

/**
 * GET /api/scraper/logs: the sessions it answers unless `limit` says otherwise (the sessions the
 * Check My Price panel lists, docs/rules.md#15-scraper-statistics), and the most one call answers.
 */
export const DEFAULT_SCRAPER_LOGS_LIMIT = 10;
export const MAX_SCRAPER_LOGS_LIMIT = 100;

/** The `message` of POST /api/scraper/run and /stop, which the panel's toasts show. */
export const SCRAPING_STARTED_MESSAGE = 'Scraping started successfully';
export const SCRAPING_STOPPED_MESSAGE = 'Scraping stopped successfully';

/** Why a check lost the model, in a few words staff and the alarm's reader understand. */
export const LLM_FAILURE_REASONS = [
  'access denied',
  'throttled',
  'invalid answer',
  'model not found',
  'other error',
] as const;
export type LlmFailureReason = (typeof LLM_FAILURE_REASONS)[number];

export const llmSummarySchema = z.strictObject({
  calls: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  reasons: z.array(z.strictObject({ reason: z.string(), count: z.number().int().positive() })),
});
export type LlmSummary = z.infer<typeof llmSummarySchema>;

export const scraperLogSchema = z.strictObject({
  id: z.string(),
  started_at: z.string(),
  completed_at: z.string().nullable(),
  /** 'manual', or anything else (shown as Auto): 'schedule' for scheduled runs. */
  triggered_by: z.string(),
  status: scraperRunStatusSchema,
  /** The URLs the run set out to check, known from its start. */
  total_urls: z.number().int(),
  successful_urls: z.number().int(),
  failed_urls: z.number().int(),
  /**
   * URLs the run ended without checking (stopped, failed, or deleted meanwhile), so that
   * successful + failed + not checked = total; 0 while the run is going.
   */
  not_checked_urls: z.number().int().nonnegative(),
  /** Set when the run checked one product's URLs only (the dashboard's AI analysis). */
  product_id: z.number().int().nullable(),
  error_message: z.string().nullable(),
  /** The run's checks by outcome (docs/rules.md#check-outcomes); null until the run has ended. */
  outcome_counts: outcomeCountsSchema.nullable(),
  /**
   * The AI step of the run's checks, once it has ended: how many checks called the model, how many
   * lost it and why ('access denied', 'throttled', 'invalid answer', ...); null when none called it.
   */
  llm: llmSummarySchema.nullable(),
});
export type ScraperLog = z.infer<typeof scraperLogSchema>;

export const scraperStatusSchema = z.strictObject({
  is_running: z.boolean(),
  total_competitor_urls: z.number().int(),
  latest_log: scraperLogSchema.nullable(),
  /** The running run's counts (else the latest run's); total_urls is known from the start. */
  current_stats: z.strictObject({
    successful_urls: z.number().int(),
    failed_urls: z.number().int(),
    total_urls: z.number().int(),
    /** The same checks by outcome, counted as they land (the progress bar's parts). */
    outcome_counts: outcomeCountsSchema,
  }),
  /** When the schedule starts the next run (ISO, UTC); null when scheduled runs are off. */
  next_scheduled_run_at: z.string().nullable(),
  /**
   * When the running run should end (ISO, UTC): its shops' pace bound, or its pace so far when that
   * says later; null with no run going, or nothing to go on yet.
   */
  estimated_finish_at: z.string().nullable(),
});
export type ScraperStatus = z.infer<typeof scraperStatusSchema>;

export const scraperStatsSchema = z.strictObject({
  scraping_sessions_last_30_days: z.number().int(),
  total_scrapes_last_30_days: z.number().int(),
  successful_scrapes_last_30_days: z.number().int(),
  failed_scrapes_last_30_days: z.number().int(),
  success_rate_percentage: z.number(),
  /** The checks of the runs that ended in the last 30 days, by outcome. */
  outcome_counts_last_30_days: outcomeCountsSchema,
});
export type ScraperStats = z.infer<typeof scraperStatsSchema>;
