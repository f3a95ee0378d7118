import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  CHECK_OUTCOMES,
  type CheckOutcomeKind,
  countByOutcome,
  LLM_FAILURE_REASONS,
  type LlmFailureReason,
  type LlmSummary,
  type OutcomeCounts,
  type ScraperRunStatus,
} from '@cmp/shared';
import {
  catalogueChanged,
  type RunSnapshot,
  runEndedWithSnapshot,
  runStarted,
} from './catalogue-version.repository';
import { conditionalWrite, conditionHeld, db, tableName } from './dynamo';
import { projectionOf } from './projection';
import { queryAll } from './query-all';
import { GSI1 } from './table';

/**
 * Scrape runs at `RUN#<run id>`, listed newest first through GSI1 (`RUNS`, by start time). Run ids
 * start with their start time, so they sort by it. The single-run lock is run-lock.repository.ts.
 */
export type RunStatus = ScraperRunStatus;

export interface RunRecord {
  run_id: string;
  status: RunStatus;
  triggered_by: string;
  started_at: string;
  completed_at: string | null;
  total_urls: number;
  successful_urls: number;
  failed_urls: number;
  product_id: number | null;
  execution_arn: string | null;
  error_message: string | null;
  /** The checks by outcome, set when the run ends. */
  outcome_counts?: OutcomeCounts;
  /** The checks by outcome as they land (read only; see `countRunResult`). */
  live_outcome_counts?: OutcomeCounts;
  /** How the checks fared with the model as they land (read only; see `countRunResult`). */
  live_llm?: LlmSummary | null;
  /** How the checks fared with the model, set when the run ends; null when none called it. */
  llm?: LlmSummary | null;
  /** The least time its busiest shop needs (Prepare; run-estimate.ts); absent before it was kept. */
  pace_bound_seconds?: number | null;
}

const LIST = 'RUNS';

/**
 * Live counts by outcome are top-level numbers (`live_ok`, `live_blocked`, ...), not a map: ADD
 * creates a missing number but not a missing map's member, so no record needs them set up first.
 */
function liveField(outcome: CheckOutcomeKind): string {
  return `live_${outcome}`;
}
/** The same for the model: checks that called it, and those that lost it, by reason. */
const LIVE_LLM_CALLS = 'live_llm_calls';
const liveLlmFailed = (reason: LlmFailureReason) => `live_llm_failed_${reason.replaceAll(' ', '_')}`;
const keys = {
  run: (runId: string) => ({ PK: `RUN#${runId}`, SK: 'RUN' }),
};

/** The record's own fields as stored; the live counts are stored apart (see `toRunRecord`). */
const RECORD_FIELDS = [
  'run_id',
  'status',
  'triggered_by',
  'started_at',
  'completed_at',
  'total_urls',
  'successful_urls',
  'failed_urls',
  'product_id',
  'execution_arn',
  'error_message',
  'outcome_counts',
  'llm',
  'pace_bound_seconds',
] as const satisfies readonly (keyof RunRecord)[];
/** What a read gives of them: `toRunRecord` returns it as a RunRecord, so a required field left out does not compile. */
type StoredRun = Pick<RunRecord, (typeof RECORD_FIELDS)[number]>;
const runProjection = projectionOf([
  ...RECORD_FIELDS,
  ...CHECK_OUTCOMES.map(liveField),
  LIVE_LLM_CALLS,
  ...LLM_FAILURE_REASONS.map(liveLlmFailed),
]);

/**
 * Writes a run record, or settles the one the start wrote (total, status, error) while it still
 * runs: a manual start writes the record with its total at once, so the first status poll shows
 * it; Prepare then writes what it checks. Start time, trigger and counts stay as first written, so
 * a retried Prepare changes nothing. False when the run had already ended (stopped before Prepare).
 */
export async function createRun(run: RunRecord): Promise<boolean> {
  const {
    run_id,
    started_at,
    triggered_by,
    successful_urls,
    failed_urls,
    live_outcome_counts,
    live_llm,
    ...settled
  } = run;
  const kept = {
    GSI1PK: LIST,
    GSI1SK: started_at,
    type: 'run',
    run_id,
    started_at,
    triggered_by,
    successful_urls,
    failed_urls,
  };
  const fields = [...Object.keys(kept), ...Object.keys(settled)];
  const written = await conditionalWrite(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.run(run_id),
        UpdateExpression: `SET ${[
          ...Object.keys(kept).map((f) => `#${f} = if_not_exists(#${f}, :${f})`),
          ...Object.keys(settled).map((f) => `#${f} = :${f}`),
        ].join(', ')}`,
        ConditionExpression: 'attribute_not_exists(PK) OR #status = :running',
        ExpressionAttributeNames: Object.fromEntries(fields.map((f) => [`#${f}`, f])),
        ExpressionAttributeValues: {
          ...Object.fromEntries(
            Object.entries({ ...kept, ...settled }).map(([f, v]) => [`:${f}`, v ?? null]),
          ),
          ':running': 'running',
        },
        ReturnValues: 'ALL_OLD',
      }),
    ),
  );
  if (!written) return false;
  const before = written.Attributes;
  if (!before && run.status === 'running') await runStarted(run_id);
  if (before && run.status !== 'running') await catalogueChanged('ended');
  return true;
}

/** Removes the record of a run whose execution could not be started: it has nothing to show. */
export async function discardRun(runId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.run(runId) }));
  await catalogueChanged('ended');
}

export async function getRun(runId: string): Promise<RunRecord | undefined> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.run(runId), ConsistentRead: true, ...runProjection }),
  );
  return Item ? toRunRecord(Item) : undefined;
}

/** A stored run, its live counts gathered into one. */
function toRunRecord(item: Record<string, unknown>): RunRecord {
  const run = { ...item };
  const take = (field: string) => {
    const value = Number(run[field] ?? 0);
    delete run[field];
    return value;
  };
  const live = countByOutcome([]);
  for (const outcome of CHECK_OUTCOMES) live[outcome] = take(liveField(outcome));
  const calls = take(LIVE_LLM_CALLS);
  const reasons = LLM_FAILURE_REASONS.map((reason) => ({ reason, count: take(liveLlmFailed(reason)) }))
    .filter(({ count }) => count > 0)
    .sort((a, b) => b.count - a.count);
  const liveLlm =
    calls === 0 ? null : { calls, failed: reasons.reduce((sum, r) => sum + r.count, 0), reasons };
  return { ...(run as StoredRun), live_outcome_counts: live, live_llm: liveLlm };
}

/** The newest runs first. */
export async function latestRuns(limit: number): Promise<RunRecord[]> {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: GSI1,
      KeyConditionExpression: 'GSI1PK = :list',
      ExpressionAttributeValues: { ':list': LIST },
      ScanIndexForward: false,
      Limit: limit,
      ...runProjection,
    }),
  );
  return (Items ?? []).map(toRunRecord);
}

/** Runs started at or after `sinceIso`. */
export async function runsSince(sinceIso: string): Promise<RunRecord[]> {
  const items = await queryAll<Record<string, unknown>>({
    TableName: tableName(),
    IndexName: GSI1,
    KeyConditionExpression: 'GSI1PK = :list AND GSI1SK >= :since',
    ExpressionAttributeValues: { ':list': LIST, ':since': sinceIso },
    ...runProjection,
  });
  return items.map(toRunRecord);
}

/**
 * Live progress: counts one recorded URL as successful ('ok') or failed, by its outcome and by
 * what it did with the model, in one write (never twice: only after its record was first
 * written), and only while the run is running: a check still in flight when the run was stopped
 * or failed leaves the counts it ended with alone. A run cut short ends with these counts.
 */
export async function countRunResult(
  runId: string,
  outcome: CheckOutcomeKind,
  llm: 'none' | 'ok' | LlmFailureReason,
): Promise<void> {
  const llmFields = {
    ...(llm === 'none' ? {} : { '#llmCalls': LIVE_LLM_CALLS }),
    ...(llm === 'none' || llm === 'ok' ? {} : { '#llmFailed': liveLlmFailed(llm) }),
  };
  await conditionHeld(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.run(runId),
        UpdateExpression: `ADD ${['#counter', '#outcome', ...Object.keys(llmFields)].map((f) => `${f} :one`).join(', ')}`,
        ConditionExpression: '#status = :running',
        ExpressionAttributeNames: {
          '#counter': outcome === 'ok' ? 'successful_urls' : 'failed_urls',
          '#outcome': liveField(outcome),
          '#status': 'status',
          ...llmFields,
        },
        ExpressionAttributeValues: { ':one': 1, ':running': 'running' },
      }),
    ),
  );
}

/**
 * Ends a run that is still running: sets its final status and counts. The total is what the run
 * set out to check (Finalize's URL ids; else as written at the start), so URLs it never got to
 * count as not checked. False when the run had already ended (so a late Finalize cannot turn
 * 'stopped' into 'completed'). The record write only: runs end through closeRun
 * (scrape-run/close-run.ts), which also counts and frees the lock.
 */
export async function endRun(
  runId: string,
  end: {
    status: Exclude<RunStatus, 'running'>;
    completed_at: string;
    /** Only when known for certain (Finalize); else the total written at the start stays. */
    total_urls?: number;
    successful_urls: number;
    failed_urls: number;
    outcome_counts: OutcomeCounts;
    llm: LlmSummary | null;
    error_message?: string | null;
  },
  /** A snapshot of the run's URLs (a completed run), for the lists to read instead of every URL. */
  snapshot?: RunSnapshot,
): Promise<boolean> {
  const total = end.total_urls === undefined ? '' : 'total_urls = :total, ';
  const ended = await conditionHeld(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.run(runId),
        UpdateExpression: `SET #status = :status, completed_at = :completed, ${total}successful_urls = :ok, failed_urls = :failed, outcome_counts = :outcomes, llm = :llm, error_message = :error`,
        ConditionExpression: '#status = :running',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':status': end.status,
          ':completed': end.completed_at,
          ...(end.total_urls === undefined ? {} : { ':total': end.total_urls }),
          ':ok': end.successful_urls,
          ':failed': end.failed_urls,
          ':outcomes': end.outcome_counts,
          ':llm': end.llm,
          ':error': end.error_message ?? null,
          ':running': 'running',
        },
      }),
    ),
  );
  if (!ended) return false;
  if (snapshot) await runEndedWithSnapshot(snapshot);
  else await catalogueChanged('ended');
  return true;
}
