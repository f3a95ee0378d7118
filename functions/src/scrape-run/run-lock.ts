import { takeRunLock } from '../data/run-lock.repository';
import { closeRun } from './close-run';

/**
 * Takes the single-run lock for `runId`. A lock older than the run timeout belongs to a run that
 * died without Finalize: it is taken over and that run is ended as failed. False when a live run
 * holds the lock.
 */
export async function acquireRunLock(
  runId: string,
  executionArn: string,
  timeoutSeconds: number,
): Promise<boolean> {
  const lock = await takeRunLock(runId, Date.now(), timeoutSeconds * 1000, executionArn);
  if (!lock) return false;
  if (lock.replaced) {
    await closeRun(lock.replaced.run_id, {
      status: 'failed',
      reason: 'The run ended without finishing; a later run took over its lock',
    });
  }
  return true;
}
