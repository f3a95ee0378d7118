import { countByOutcome } from '@cmp/shared';
import { type RunOutcome, runOutcomes, runOutcomesOf, withOutcome } from '../data/price-record.repository';
import { isSuccess } from './check-success';
import { summariseLlm } from './llm-summary';

/**
 * A run's counts (not its total: what it set out to check), derived from its result records (never from counters a retry could double).
 * With the run's URL ids (Finalize) the records are read strongly consistent by their keys;
 * without them (a run cut short) through the run's index.
 */
export async function countOutcomes(runId: string, urlIds?: readonly number[]) {
  const outcomes: RunOutcome[] = urlIds ? await runOutcomesOf(runId, urlIds) : await runOutcomes(runId);
  const successful = outcomes.filter(isSuccess).length;
  return {
    successful_urls: successful,
    failed_urls: outcomes.length - successful,
    outcome_counts: countByOutcome(outcomes.map((outcome) => withOutcome(outcome).outcome)),
    llm: summariseLlm(outcomes),
  };
}
