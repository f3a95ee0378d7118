import { nowIso } from '../data/dynamo';
import { endRun, releaseRunLock } from '../data/scrape-run.repository';
import { countOutcomes } from './run-outcome';

/**
 * Ends a run as completed with the counts of its records, and releases the lock. `urlIds` are
 * Prepare's, handed on by the state machine, so every record is read strongly consistent.
 */
export async function finalizeRun(
  runId: string,
  urlIds: readonly number[],
): Promise<{ runId: string; status: string }> {
  const counts = await countOutcomes(runId, urlIds);
  const ended = await endRun(runId, { status: 'completed', completed_at: nowIso(), ...counts });
  await releaseRunLock(runId);
  return { runId, status: ended ? 'completed' : 'already ended' };
}
