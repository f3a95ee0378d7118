import { countByOutcome } from '@cmp/shared';
import { runOutcomesOf, withOutcome } from '../data/price-record.repository';
import { getRun } from '../data/scrape-run.repository';
import { isSuccess } from './check-success';
import { summariseLlm } from './llm-summary';

/**
 * A run's counts (not its total: what it set out to check). With the run's URL ids (Finalize)
 * derived from its records, read strongly consistent by their keys; without them (a run cut short:
 * stopped, failed, taken over) the counts it kept as its checks landed, a single read whatever the
 * run's size, so a stop answers at once at 30,000 URLs.
 */
export async function countOutcomes(runId: string, urlIds?: readonly number[]) {
  if (!urlIds) {
    const run = await getRun(runId);
    return {
      successful_urls: run?.successful_urls ?? 0,
      failed_urls: run?.failed_urls ?? 0,
      outcome_counts: run?.live_outcome_counts ?? countByOutcome([]),
      llm: run?.live_llm ?? null,
    };
  }
  const outcomes = await runOutcomesOf(runId, urlIds);
  const successful = outcomes.filter(isSuccess).length;
  return {
    successful_urls: successful,
    failed_urls: outcomes.length - successful,
    outcome_counts: countByOutcome(outcomes.map((outcome) => withOutcome(outcome).outcome)),
    llm: summariseLlm(outcomes),
  };
}
