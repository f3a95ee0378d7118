/**
 * When a run should end (issue 30). Its floor is the politeness bound Prepare worked out: the
 * busiest shop's URLs, each start at least its spacing after the last (host-pacing.ts), however
 * many run at once. Once checks have landed, the pace so far may say later (slow pages, a
 * Crawl-delay, the model), and the later of the two is given.
 */

/** The least time a run's busiest host needs, in seconds: its URLs at `spacingMs` apart. */
export function paceBoundSeconds(urlsByHost: ReadonlyMap<string, number>, spacingMs: number): number {
  const busiest = Math.max(0, ...urlsByHost.values());
  return Math.ceil((busiest * spacingMs) / 1000);
}

export interface RunProgress {
  started_at: string;
  total_urls: number;
  successful_urls: number;
  failed_urls: number;
  /** Prepare's politeness bound; absent on runs prepared before it was kept. */
  pace_bound_seconds?: number | null;
}

/** The expected end (ISO), never before `nowMs`; null with nothing to go on yet. */
export function estimatedFinish(run: RunProgress, nowMs: number): string | null {
  const startedMs = Date.parse(run.started_at);
  if (!Number.isFinite(startedMs)) return null;
  const done = run.successful_urls + run.failed_urls;
  const byPace = run.pace_bound_seconds == null ? null : startedMs + run.pace_bound_seconds * 1000;
  const byRate =
    done > 0 ? nowMs + (Math.max(0, run.total_urls - done) * Math.max(0, nowMs - startedMs)) / done : null;
  if (byPace === null && byRate === null) return null;
  return new Date(Math.max(nowMs, byPace ?? 0, byRate ?? 0)).toISOString();
}
