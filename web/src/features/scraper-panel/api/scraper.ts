// The Check My Price panel's data (docs/api.md#scraper): status, the latest sessions and 30-day statistics,
// each with its key, fetcher and hook; plus start and stop.
import type { ScraperLog, ScraperStats, ScraperStatus } from '@cmp/shared';
import useSWR, { mutate } from 'swr';
import { apiClient } from '../../../lib/api-client';
import { expectSuccess } from '../../../lib/api-result';
import { LOGS_LIMIT, POLL_INTERVAL_MS } from '../utils/session-view';

export const scraperStatusKey = '/scraper/status';
export const scraperLogsKey = `/scraper/logs?limit=${LOGS_LIMIT}`;
export const scraperStatsKey = '/scraper/stats';

export async function fetchScraperStatus(): Promise<ScraperStatus> {
  return expectSuccess(await apiClient.get<{ success: boolean; status: ScraperStatus }>(scraperStatusKey))
    .status;
}

export async function fetchScraperLogs(): Promise<ScraperLog[]> {
  const body = await apiClient.get<{ success: boolean; logs: ScraperLog[] }>('/scraper/logs', {
    query: { limit: String(LOGS_LIMIT) },
  });
  return expectSuccess(body).logs;
}

export async function fetchScraperStats(): Promise<ScraperStats> {
  return expectSuccess(await apiClient.get<{ success: boolean; stats: ScraperStats }>(scraperStatsKey)).stats;
}

// docs/screens.md#6-dashboard-check-my-price-tab: fetch errors here are only logged; the panel shows
// its own state for a failed first load.
const logOnly = (what: string) => ({
  onError: (error: unknown) => console.error(`Failed to fetch scraper ${what}`, error),
});

/** Polled every 10 s while a run is active (docs/rules.md#17-client-timings-and-limits). */
export function useScraperStatus() {
  return useSWR(scraperStatusKey, fetchScraperStatus, {
    ...logOnly('status'),
    refreshInterval: (latest) => (latest?.is_running ? POLL_INTERVAL_MS : 0),
  });
}

export const useScraperLogs = () => useSWR(scraperLogsKey, fetchScraperLogs, logOnly('logs'));
export const useScraperStats = () => useSWR(scraperStatsKey, fetchScraperStats, logOnly('stats'));

export const reloadScraperStatus = () => mutate(scraperStatusKey);
export const reloadScraperLogs = () => mutate(scraperLogsKey);
export const reloadScraperStats = () => mutate(scraperStatsKey);

export async function startScraping(): Promise<void> {
  expectSuccess(await apiClient.post<{ success: boolean }>('/scraper/run', {}));
}

/** Resolves with the server's message, if it sent one. */
export async function stopScraping(): Promise<string | undefined> {
  return expectSuccess(await apiClient.post<{ success: boolean; message?: string }>('/scraper/stop', {}))
    .message;
}
