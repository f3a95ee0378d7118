import { type CheckOutcomeKind, countByOutcome } from '@cmp/shared';
import { runOutcomesOf, withOutcome } from '../data/price-record.repository';
import { getRun } from '../data/scrape-run.repository';
import { isSuccess } from './check-success';
import { inParts } from './in-parts';
import { type LlmCheckUse, llmUseOf, summariseLlmUses } from './llm-summary';

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
  // Part by part, keeping of each record only what is counted: a 300,000-URL run's records are never held at once.
  let successful = 0;
  const kinds: CheckOutcomeKind[] = [];
  const uses: LlmCheckUse[] = [];
  for (const ids of inParts(urlIds))
    for (const outcome of await runOutcomesOf(runId, ids)) {
      if (isSuccess(outcome)) successful++;
      kinds.push(withOutcome(outcome).outcome);
      uses.push(llmUseOf(outcome));
    }
  return {
    successful_urls: successful,
    failed_urls: kinds.length - successful,
    outcome_counts: countByOutcome(kinds),
    llm: summariseLlmUses(uses),
  };
}
