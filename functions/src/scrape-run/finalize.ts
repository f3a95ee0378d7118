import { closeRun } from './close-run';

/**
 * Ends a run as completed with the counts of its records. `urlIds` are Prepare's, handed on by the
 * state machine, so every record is read strongly consistent.
 */
export async function finalizeRun(
  runId: string,
  urlIds: readonly number[],
): Promise<{ runId: string; status: string }> {
  const ended = await closeRun(runId, { status: 'completed', urlIds });
  return { runId, status: ended ? 'completed' : 'already ended' };
}
