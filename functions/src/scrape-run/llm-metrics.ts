import type { LlmSummary } from '@cmp/shared';

/** CloudWatch namespace and metric the LLM failure alarm watches (infra/lib/scrape-run.construct.ts). */
export const METRICS_NAMESPACE = 'CheckMyPrice';
export const LLM_FAILURE_RATE = 'LlmFailureRate';

/**
 * One line of CloudWatch Embedded Metric Format when a run ends with model calls: the share of
 * them that failed (percent), with the counts. CloudWatch Logs turns it into metrics on AWS, no
 * API call needed; elsewhere it is one line of JSON on stdout.
 */
export function llmMetricsLine(runId: string, llm: LlmSummary, now = Date.now()): string {
  return JSON.stringify({
    _aws: {
      Timestamp: now,
      CloudWatchMetrics: [
        {
          Namespace: METRICS_NAMESPACE,
          Dimensions: [[]],
          Metrics: [
            { Name: LLM_FAILURE_RATE, Unit: 'Percent' },
            { Name: 'LlmCalls', Unit: 'Count' },
            { Name: 'LlmFailures', Unit: 'Count' },
          ],
        },
      ],
    },
    [LLM_FAILURE_RATE]: Math.round((llm.failed / llm.calls) * 1000) / 10,
    LlmCalls: llm.calls,
    LlmFailures: llm.failed,
    run_id: runId,
    reasons: llm.reasons,
  });
}

export function publishLlmMetrics(runId: string, llm: LlmSummary): void {
  process.stdout.write(`${llmMetricsLine(runId, llm)}\n`);
}
