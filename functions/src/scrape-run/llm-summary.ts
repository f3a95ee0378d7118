import type { LlmFailureReason, LlmSummary } from '@cmp/shared';

/** What a run's records say about the AI step (the tokens it used, the error it met). */
export interface LlmUse {
  readonly input_tokens?: number;
  readonly llm_error?: string | null;
}

/** What one check did with the model: did not call it, called it, or lost it for a reason. */
export type LlmCheckUse = 'none' | 'ok' | LlmFailureReason;

export function llmUseOf({ input_tokens, llm_error }: LlmUse): LlmCheckUse {
  if (llm_error) return reasonOf(llm_error);
  return (input_tokens ?? 0) > 0 ? 'ok' : 'none';
}

/**
 * How a run's checks fared with the model, from each check's use of it (a run's kept counters, or
 * its records through `llmUseOf`): a check called it when it used tokens or met an error; the
 * errors are grouped by reason, most frequent first. Null when no check called the model.
 */
export function summariseLlmUses(uses: readonly LlmCheckUse[]): LlmSummary | null {
  const called = uses.filter((use) => use !== 'none');
  if (called.length === 0) return null;
  const reasons = new Map<string, number>();
  for (const use of called) if (use !== 'ok') reasons.set(use, (reasons.get(use) ?? 0) + 1);
  return {
    calls: called.length,
    failed: [...reasons.values()].reduce((sum, n) => sum + n, 0),
    reasons: [...reasons].sort((a, b) => b[1] - a[1]).map(([reason, count]) => ({ reason, count })),
  };
}

/** The reason (bedrock-extractor's messages) in LLM_FAILURE_REASONS' words. */
function reasonOf(error: string): LlmFailureReason {
  if (/AccessDenied|not authori[sz]ed|ValidationException.*(access|model)/i.test(error))
    return 'access denied';
  if (/throttl|TooManyRequests|ServiceQuota/i.test(error)) return 'throttled';
  if (/answer invalid/i.test(error)) return 'invalid answer';
  if (/ResourceNotFound|model.*not found/i.test(error)) return 'model not found';
  return 'other error';
}
