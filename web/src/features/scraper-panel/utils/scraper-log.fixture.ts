// A scraper session as GET /api/scraper/logs answers it, for the panel's unit tests: a finished
// manual run of 3 URLs, one of them failed, unless `extra` says otherwise.
import type { ScraperLog } from '@cmp/shared';

export const scraperLog = (extra: Partial<ScraperLog> = {}): ScraperLog => ({
  id: 'run-1',
  started_at: '2026-11-21T10:00:00.000Z',
  completed_at: '2026-11-21T10:01:05.900Z',
  triggered_by: 'manual',
  status: 'completed',
  total_urls: 3,
  successful_urls: 2,
  failed_urls: 1,
  not_checked_urls: 0,
  product_id: null,
  error_message: null,
  outcome_counts: null,
  llm: null,
  ...extra,
});
