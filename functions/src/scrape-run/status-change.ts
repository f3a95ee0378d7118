import { getRunLock } from '../data/run-lock.repository';
import { latestRuns } from '../data/scrape-run.repository';
import { closeRun } from './close-run';
import { abandonedRunEnding } from './run-endings';

/** Ends the run of an execution that stopped without Finalize, with the results it had recorded. */
export async function endAbandonedRun(
  executionArn: string,
  executionStatus: string,
): Promise<{ runId: string | null }> {
  const ending = abandonedRunEnding(executionStatus);
  if (!ending) return { runId: null };
  const lock = await getRunLock();
  const runId =
    lock?.execution_arn === executionArn
      ? lock.run_id
      : (await latestRuns(20)).find((run) => run.execution_arn === executionArn)?.run_id;
  if (!runId) return { runId: null };
  await closeRun(runId, ending);
  return { runId };
}
