import { getRunLock } from '../data/run-lock.repository';
import { latestRuns } from '../data/scrape-run.repository';
import { closeRun } from './close-run';

/** How far back to look for runs left 'running': one run at a time, so the last few suffice. */
const RECENT_RUNS = 20;

/**
 * The local runner's start-up check. Its executions live in its process, so a run left 'running'
 * (and holding the lock) by an earlier process whose execution it does not know cannot be running:
 * each is marked stopped with what it had recorded, and the lock released. On AWS the
 * status-change rule closes such runs instead. Returns the ids of the runs it ended.
 */
export async function endRunsOfLostExecutions(
  knowsExecution: (executionArn: string) => boolean,
): Promise<string[]> {
  const [lock, recent] = await Promise.all([getRunLock(), latestRuns(RECENT_RUNS)]);
  const candidates = new Map<string, string | null>();
  for (const run of recent) if (run.status === 'running') candidates.set(run.run_id, run.execution_arn);
  if (lock) candidates.set(lock.run_id, lock.execution_arn);

  const lost = [...candidates].filter(([, arn]) => !(arn && knowsExecution(arn))).map(([runId]) => runId);
  for (const runId of lost) {
    await closeRun(runId, {
      status: 'stopped',
      reason: 'Check My Price was shut down while this run was going',
    });
  }
  return lost;
}
