import { publishRunCompleted } from '../alerts/publish-run-completed';
import type { RunCompletedDetail } from '../alerts/run-events';
import { nowIso } from '../data/dynamo';
import { releaseRunLock } from '../data/run-lock.repository';
import { endRun, getRun } from '../data/scrape-run.repository';
import { logger } from '../logger';
import { publishLlmMetrics } from './llm-metrics';
import type { EndedRunStatus } from './run-endings';
import { countOutcomes } from './run-outcome';
import { snapshotRunUrls } from './url-snapshot';

export interface RunEnding {
  status: EndedRunStatus;
  /** Shown in the run log as its error message; none for a run completed or stopped by a user. */
  reason?: string | null;
  /**
   * Prepare's URL ids (Finalize): the records are then read by key, strongly consistent, and they
   * are the run's total; the URLs are snapshotted for the lists (url-snapshot.ts).
   */
  urlIds?: readonly number[];
}

/**
 * The one way a run ends (completed, stopped, failed, or lost): its status, end time and reason,
 * the counts derived from its records, the dashboard's lists told the run is over, and the lock
 * released if this run still holds it. Only a running run is ended, so a late ending (Finalize
 * after a stop) changes nothing; the lock is released either way. True when this call ended it.
 * The ending is announced once, by the call that ended the run (`RunCompleted`, for the alerts).
 */
export async function closeRun(runId: string, ending: RunEnding): Promise<boolean> {
  // A late Finalize (after a stop) would read every record and URL of the run for nothing.
  if (ending.urlIds && (await getRun(runId))?.status !== 'running') {
    await releaseRunLock(runId);
    return false;
  }
  const [counts, snapshot] = await Promise.all([
    countOutcomes(runId, ending.urlIds),
    ending.urlIds ? snapshotRunUrls(runId, ending.urlIds) : undefined,
  ]);
  const finishedAt = nowIso();
  const ended = await endRun(
    runId,
    {
      status: ending.status,
      completed_at: finishedAt,
      ...counts,
      ...(ending.urlIds ? { total_urls: ending.urlIds.length } : {}),
      error_message: ending.reason ?? null,
    },
    snapshot,
  );
  await releaseRunLock(runId);
  if (ended && counts.llm) publishLlmMetrics(runId, counts.llm);
  if (ended) await announceEnding({ run_id: runId, status: ending.status, finished_at: finishedAt });
  return ended;
}

// The run is ended whatever happens here: a lost event costs that run's alerts, not the run.
async function announceEnding(detail: RunCompletedDetail): Promise<void> {
  try {
    await publishRunCompleted(detail);
  } catch (error) {
    logger().error("Could not publish the run's end; no alerts for this run", {
      runId: detail.run_id,
      error,
    });
  }
}
