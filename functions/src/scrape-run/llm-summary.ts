import type { LlmSummary } from '@cmp/shared';

/** What a run's records say about the AI step (the tokens it used, the error it met). */
export interface LlmUse {
  readonly input_tokens?: number;
  readonly llm_error?: string | null;
}

/**
 * How a run's checks fared with the model: a check called it when it used tokens or met an error;
 * the errors are grouped by reason, most frequent first. Null when no check called the model.
 */
export function summariseLlm(records: readonly LlmUse[]): LlmSummary | null {
  const called = records.filter((r) => (r.input_tokens ?? 0) > 0 || r.llm_error);
  if (called.length === 0) return null;
  const reasons = new Map<string, number>();
  for (const { llm_error } of called)
    if (llm_error) reasons.set(reasonOf(llm_error), (reasons.get(reasonOf(llm_error)) ?? 0) + 1);
  return {
    calls: called.length,
    failed: [...reasons.values()].reduce((sum, n) => sum + n, 0),
    reasons: [...reasons].sort((a, b) => b[1] - a[1]).map(([reason, count]) => ({ reason, count })),
  };
}

/** The reason in a few words staff and the alarm's reader understand (bedrock-extractor's messages). */
function reasonOf(error: string): string {
  if (/AccessDenied|not authori[sz]ed|ValidationException.*(access|model)/i.test(error))
    return 'access denied';
  if (/throttl|TooManyRequests|ServiceQuota/i.test(error)) return 'throttled';
  if (/answer invalid/i.test(error)) return 'invalid answer';
  if (/ResourceNotFound|model.*not found/i.test(error)) return 'model not found';
  return 'other error';
}
