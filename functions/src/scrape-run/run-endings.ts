import type { ScraperRunStatus } from '@cmp/shared';

/** A status a run ends with. */
export type EndedRunStatus = Exclude<ScraperRunStatus, 'running'>;

/**
 * How a run ends when its execution ended without Finalize, keyed by the Step Functions execution
 * status. Kept free of AWS SDK imports: the CDK status-change rule matches exactly these keys.
 */
const ABANDONED_EXECUTIONS = {
  FAILED: { status: 'failed', reason: 'The run failed' },
  TIMED_OUT: { status: 'failed', reason: 'The run timed out' },
  ABORTED: { status: 'stopped', reason: null },
} as const satisfies Record<string, { status: EndedRunStatus; reason: string | null }>;

export type AbandonedExecutionStatus = keyof typeof ABANDONED_EXECUTIONS;

/** The execution statuses that leave a run for the status-change handler to end. */
export const ABANDONED_EXECUTION_STATUSES = Object.keys(
  ABANDONED_EXECUTIONS,
) as readonly AbandonedExecutionStatus[];

/**
 * How to end the run of an execution that ended with `executionStatus`; undefined when the run
 * is not ours to end (SUCCEEDED: Finalize did it; anything else, e.g. RUNNING).
 */
export const abandonedRunEnding = (executionStatus: string) =>
  // Own keys only: an event's status must not reach Object.prototype ('constructor').
  Object.hasOwn(ABANDONED_EXECUTIONS, executionStatus)
    ? ABANDONED_EXECUTIONS[executionStatus as AbandonedExecutionStatus]
    : undefined;
