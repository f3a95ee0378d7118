// The sessions table's latest run, read from the scraper status like the running notice's progress
// line (docs/screens.md#sessions-table). Pure.
import { DEFAULT_SCRAPER_LOGS_LIMIT, type ScraperLog, type ScraperStatus } from '@cmp/shared';

/**
 * The sessions as the table shows them. The sessions are read as a run starts and ends, the status
 * every 10 s while it runs: the latest run's row is the status's, with the running run's counts the
 * progress line shows, so the two always agree. A running run not listed yet comes first.
 */
export function sessionsWithStatus(logs: readonly ScraperLog[], status: ScraperStatus): ScraperLog[] {
  const latest = status.latest_log;
  if (!latest) return [...logs];
  const { successful_urls, failed_urls, total_urls } = status.current_stats;
  const shown = status.is_running ? { ...latest, successful_urls, failed_urls, total_urls } : latest;
  if (logs.some((log) => log.id === latest.id))
    return logs.map((log) => (log.id === latest.id ? shown : log));
  return status.is_running ? [shown, ...logs].slice(0, DEFAULT_SCRAPER_LOGS_LIMIT) : [...logs];
}
