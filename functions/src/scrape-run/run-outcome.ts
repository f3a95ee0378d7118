import { runOutcomes } from '../data/price-record.repository';

/** A run's counts, derived from its result records (never from counters a retry could double). */
export async function countOutcomes(runId: string) {
  const outcomes = await runOutcomes(runId);
  const successful = outcomes.filter((o) => o.succeeded).length;
  return {
    total_urls: outcomes.length,
    successful_urls: successful,
    failed_urls: outcomes.length - successful,
  };
}
