import { CHECK_OUTCOMES, countByOutcome, type ScraperLog, type ScraperStats } from '@cmp/shared';
import { latestRuns, type RunRecord, runsSince } from '../data/scrape-run.repository';

export const STATS_WINDOW_DAYS = 30;

/** A run as the scraper API shows it (docs/api.md#shapes, ScraperLog). */
export function toLog(run: RunRecord): ScraperLog {
  const successful = run.successful_urls ?? 0;
  const failed = run.failed_urls ?? 0;
  return {
    id: run.run_id,
    started_at: run.started_at,
    completed_at: run.completed_at,
    triggered_by: run.triggered_by,
    status: run.status,
    total_urls: run.total_urls,
    successful_urls: successful,
    failed_urls: failed,
    not_checked_urls: run.status === 'running' ? 0 : Math.max(0, run.total_urls - successful - failed),
    product_id: run.product_id ?? null,
    error_message: run.error_message ?? null,
    outcome_counts: run.outcome_counts ?? null,
    llm: run.llm ?? null,
  };
}

export async function scraperLogs(limit: number): Promise<ScraperLog[]> {
  return (await latestRuns(limit)).map(toLog);
}

/** Runs and URL checks of the last 30 days. */
export async function scraperStats(now = Date.now()): Promise<ScraperStats> {
  const runs = await runsSince(new Date(now - STATS_WINDOW_DAYS * 86_400_000).toISOString());
  const successful = runs.reduce((sum, run) => sum + (run.successful_urls ?? 0), 0);
  const failed = runs.reduce((sum, run) => sum + (run.failed_urls ?? 0), 0);
  const total = successful + failed;
  return {
    scraping_sessions_last_30_days: runs.length,
    total_scrapes_last_30_days: total,
    successful_scrapes_last_30_days: successful,
    failed_scrapes_last_30_days: failed,
    success_rate_percentage: total === 0 ? 0 : Math.round((successful / total) * 1000) / 10,
    outcome_counts_last_30_days: sumCounts(runs.map((run) => run.outcome_counts)),
  };
}

function sumCounts(counts: readonly (ScraperLog['outcome_counts'] | undefined)[]) {
  const sum = countByOutcome([]);
  for (const run of counts) for (const outcome of CHECK_OUTCOMES) sum[outcome] += run?.[outcome] ?? 0;
  return sum;
}
