import { describe, expect, it } from 'vitest';
import { type LlmUse, llmUseOf, summariseLlmUses } from './llm-summary';

/** A run's summary from its records, as Finalize makes it. */
const summariseLlm = (records: readonly LlmUse[]) => summariseLlmUses(records.map(llmUseOf));

describe('the summary of a run’s model calls', () => {
  it('counts the checks that called the model and the reasons they lost it, most frequent first', () => {
    expect(
      summariseLlm([
        { input_tokens: 300, llm_error: null },
        { input_tokens: 0, llm_error: 'Bedrock call failed (AccessDeniedException)' },
        { llm_error: 'Bedrock throttled to the end of its retries' },
        { input_tokens: 0, llm_error: 'Bedrock call failed (AccessDeniedException)' },
        { llm_error: 'LLM answer invalid: price Expected number' },
        { input_tokens: 0, llm_error: null },
        {},
      ]),
    ).toEqual({
      calls: 5,
      failed: 4,
      reasons: [
        { reason: 'access denied', count: 2 },
        { reason: 'throttled', count: 1 },
        { reason: 'invalid answer', count: 1 },
      ],
    });
  });

  it('is null for a run whose checks never called the model', () => {
    expect(summariseLlm([{ input_tokens: 0 }, {}])).toBeNull();
  });
});
