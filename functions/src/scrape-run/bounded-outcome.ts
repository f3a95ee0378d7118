import type { Outcome } from './outcome';

/** DynamoDB refuses items over 400 KB; a page listing thousands of offers must not cost its record. */
export const MAX_EVIDENCE_ITEMS = 20;
export const MAX_ANALYSIS_CHARS = 20_000;

/** Keeps the first evidence items and the start of the analysis, saying what was left out. */
export function boundedForStorage(outcome: Outcome): Outcome {
  const { evidence, llm_response } = outcome;
  const bounded = { ...outcome };
  if (Array.isArray(evidence) && evidence.length > MAX_EVIDENCE_ITEMS)
    bounded.evidence = evidence.slice(0, MAX_EVIDENCE_ITEMS);
  if (llm_response && llm_response.length > MAX_ANALYSIS_CHARS)
    bounded.llm_response = `${llm_response.slice(0, MAX_ANALYSIS_CHARS)}\n\n… (the rest of this analysis was too long to keep)`;
  return bounded;
}
