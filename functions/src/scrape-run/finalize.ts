import { nowIso } from '../data/dynamo';
import { endRun, releaseRunLock } from '../data/scrape-run.repository';
import { countOutcomes } from './run-outcome';

/** Ends a run as completed with the counts of its records, and releases the lock. */
export async function finalizeRun(runId: string): Promise<{ runId: string; status: string }> {
  const counts = await countOutcomes(runId);
  const ended = await endRun(runId, { status: 'completed', completed_at: nowIso(), ...counts });
  await releaseRunLock(runId);
  return { runId, status: ended ? 'completed' : 'already ended' };
}
