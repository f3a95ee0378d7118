import { nowIso } from '../data/dynamo';
import { endRun, getRunLock, latestRuns, releaseRunLock } from '../data/scrape-run.repository';
import { countOutcomes } from './run-outcome';

const ENDINGS: Record<string, { status: 'failed' | 'stopped'; message: string | null }> = {
  FAILED: { status: 'failed', message: 'The run failed' },
  TIMED_OUT: { status: 'failed', message: 'The run timed out' },
  ABORTED: { status: 'stopped', message: null },
};

/** Ends the run of an execution that stopped without Finalize, with the results it had recorded. */
export async function endAbandonedRun(
  executionArn: string,
  executionStatus: string,
): Promise<{ runId: string | null }> {
  const ending = ENDINGS[executionStatus];
  if (!ending) return { runId: null };
  const lock = await getRunLock();
  const runId =
    lock?.execution_arn === executionArn
      ? lock.run_id
      : (await latestRuns(20)).find((run) => run.execution_arn === executionArn)?.run_id;
  if (!runId) return { runId: null };
  await endRun(runId, {
    status: ending.status,
    completed_at: nowIso(),
    ...(await countOutcomes(runId)),
    error_message: ending.message,
  });
  await releaseRunLock(runId);
  return { runId };
}
