// The scraper (docs/api.md#scraper): status, the latest sessions and 30-day statistics, each with its
// hook; the schedule and its change; starting a run (all URLs, or one product's) and stopping it; what
// a run's end refreshes.
import type {
  ScraperLog,
  ScraperSchedule,
  ScraperScheduleInput,
  ScraperStats,
  ScraperStatus,
} from '@cmp/shared';
import useSWR, { mutate } from 'swr';
import { expectSuccess } from '../lib/api-result';
import { call } from './client';
import { reloadCompetitorUrls } from './competitor-urls';
import { reloadDashboardPages } from './dashboard';
import { keys } from './keys';

async function fetchScraperStatus(): Promise<ScraperStatus> {
  return expectSuccess(await call('GET /api/scraper/status')).status;
}

async function fetchScraperLogs(limit: number): Promise<ScraperLog[]> {
  return expectSuccess(await call('GET /api/scraper/logs', { query: { limit: String(limit) } })).logs;
}

async function fetchScraperStats(): Promise<ScraperStats> {
  return expectSuccess(await call('GET /api/scraper/stats')).stats;
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
  useSWR(keys.scraperLogs(limit), ([, count]) => fetchScraperLogs(count), logOnly('logs'));
export const useScraperStats = () => useSWR(keys.scraperStats, fetchScraperStats, logOnly('stats'));

async function fetchScraperSchedule(): Promise<ScraperSchedule> {
  return expectSuccess(await call('GET /api/scraper/schedule')).schedule;
}

/** The Schedule card's own state shows a failed load, so the error is only logged here. */
export const useScraperSchedule = () =>
  useSWR(keys.scraperSchedule, fetchScraperSchedule, logOnly('schedule'));

/** Saves the schedule (admins only), then the panel's next scheduled run follows it. */
export async function saveScraperSchedule(input: ScraperScheduleInput): Promise<ScraperSchedule> {
  const { schedule } = expectSuccess(await call('PUT /api/scraper/schedule', { body: input }));
  await Promise.all([mutate(keys.scraperSchedule, schedule, { revalidate: false }), reloadScraperStatus()]);
  return schedule;
}

export const reloadScraperStatus = () => mutate(keys.scraperStatus);
export const reloadScraperLogs = (limit: number) => mutate(keys.scraperLogs(limit));
export const reloadScraperStats = () => mutate(keys.scraperStats);

/** A run has ended: its session, the statistics and the prices it found (the Price Overview, the URLs' checks). */
export const reloadAfterRun = (logsLimit: number) =>
  Promise.all([
    mutate(keys.scraperLogs(logsLimit)),
    mutate(keys.scraperStats),
    mutate(keys.priceOverview),
    reloadDashboardPages(),
    reloadCompetitorUrls(),
    mutate(keys.alertsSinceLastRun),
  ]);

/**
 * Starts a run of every competitor URL, or of one product's (202; 409 while any run is active; 400
 * with nothing to check), then reloads the status, so whoever follows it starts polling. Resolves
 * with the server's message, if it sent one.
 */
export async function startScraping(productId?: number): Promise<string | undefined> {
  const { message } = expectSuccess(
    productId === undefined
      ? await call('POST /api/scraper/run', { body: {} })
      : await call('POST /api/scraper/run/{productId}', { params: { productId }, body: {} }),
  );
  await reloadScraperStatus();
  return message;
}

/** Resolves with the server's message, if it sent one. */
export async function stopScraping(): Promise<string | undefined> {
  return expectSuccess(await call('POST /api/scraper/stop', { body: {} })).message;
}
