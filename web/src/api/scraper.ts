// The scraper (docs/api.md#scraper): status, the latest sessions and 30-day statistics, each with its
// hook; starting a run (all URLs, or one product's) and stopping it.
import type { ScraperLog, ScraperStats, ScraperStatus } from '@cmp/shared';
import useSWR, { mutate } from 'swr';
import { expectSuccess } from '../lib/api-result';
import { type Ack, type Answer, apiClient } from './client';
import { keys } from './keys';

async function fetchScraperStatus(): Promise<ScraperStatus> {
  return expectSuccess(await apiClient.get<Answer<'status', ScraperStatus>>(keys.scraperStatus)).status;
}

async function fetchScraperLogs(limit: number): Promise<ScraperLog[]> {
  const body = await apiClient.get<Answer<'logs', ScraperLog[]>>('/scraper/logs', {
    query: { limit: String(limit) },
  });
  return expectSuccess(body).logs;
}

async function fetchScraperStats(): Promise<ScraperStats> {
  return expectSuccess(await apiClient.get<Answer<'stats', ScraperStats>>(keys.scraperStats)).stats;
}

// docs/screens.md#6-dashboard-check-my-price-tab: fetch errors here are only logged; the panel shows
// its own state for a failed first load.
const logOnly = (what: string) => ({
  onError: (error: unknown) => console.error(`Failed to fetch scraper ${what}`, error),
});

/** Polled every `pollMs` while a run is active. */
export function useScraperStatus(pollMs: number) {
  return useSWR(keys.scraperStatus, fetchScraperStatus, {
    ...logOnly('status'),
    refreshInterval: (latest) => (latest?.is_running ? pollMs : 0),
  });
}

/** The latest `limit` sessions. */
export const useScraperLogs = (limit: number) =>
  useSWR(keys.scraperLogs(limit), () => fetchScraperLogs(limit), logOnly('logs'));
export const useScraperStats = () => useSWR(keys.scraperStats, fetchScraperStats, logOnly('stats'));

export const reloadScraperStatus = () => mutate(keys.scraperStatus);
export const reloadScraperLogs = (limit: number) => mutate(keys.scraperLogs(limit));
export const reloadScraperStats = () => mutate(keys.scraperStats);

/** Starts a run of every competitor URL, or of one product's (202; 409 while any run is active). */
export async function startScraping(productId?: number): Promise<void> {
  const path = productId === undefined ? '/scraper/run' : `/scraper/run/${productId}`;
  expectSuccess(await apiClient.post<Ack>(path, {}));
}

/** Resolves with the server's message, if it sent one. */
export async function stopScraping(): Promise<string | undefined> {
  return expectSuccess(await apiClient.post<Ack & { message?: string }>('/scraper/stop', {})).message;
}
