import { describe, expect, it } from 'vitest';
import { MAX_WAIT_IN_TASK_MS } from './host-pacing';
import {
  buildScrapeDefinition,
  CHECK_START_CUTOFF_SECONDS,
  DYNAMODB_THROTTLING_ERRORS,
  EXPRESS_CHILD_LIMIT_SECONDS,
  LAMBDA_SERVICE_ERRORS,
  MAX_URLS_PER_BATCH,
} from './state-machine';
import { type ScrapeTaskName, scrapeTasks } from './tasks';

interface Retrier {
  ErrorEquals: string[];
  IntervalSeconds: number;
  MaxAttempts: number;
  BackoffRate: number;
  MaxDelaySeconds: number;
  JitterStrategy?: string;
}
interface TaskState {
  Resource: string;
  Retry: Retrier[];
}

const definition = buildScrapeDefinition({ maxConcurrency: 10, timeoutSeconds: 3600 });
const map = definition.States.ScrapeUrls;
const batch = map.ItemProcessor.States.CheckBatch;
/** One URL's check, inside its batch's child. */
const child = batch.ItemProcessor.States;

/**
 * The longest a Task state can take: every attempt its own errors can cause runs the function's
 * whole timeout, and every retrier waits its longest. Lambda service errors come back at once, so
 * they add only their waits.
 */
function worstCaseSeconds(state: TaskState, task: ScrapeTaskName): number {
  const ownRetries = state.Retry.filter(
    (r) => !r.ErrorEquals.every((e) => LAMBDA_SERVICE_ERRORS.includes(e)),
  );
  const attempts = 1 + ownRetries.reduce((sum, r) => sum + r.MaxAttempts, 0);
  const waits = state.Retry.flatMap((r) =>
    Array.from({ length: r.MaxAttempts }, (_, k) =>
      Math.min(r.IntervalSeconds * r.BackoffRate ** k, r.MaxDelaySeconds),
    ),
  );
  return attempts * scrapeTasks[task].timeoutSeconds + waits.reduce((sum, w) => sum + w, 0);
}

describe('the scrape run’s Map', () => {
  it('waits for the shop’s turn in the child, then checks the URL again, keeping what it knows', () => {
    const { ScrapeUrl, HostTurn, WaitForHost } = child;

    expect(batch.ItemSelector).toEqual({
      'runId.$': '$.BatchInput.runId',
      'urlId.$': '$$.Map.Item.Value.urlId',
      'checkStartedAt.$': '$$.Execution.StartTime',
      pace: { retryAfterHonoured: false, waited: false },
    });
    expect(ScrapeUrl).toMatchObject({ ResultPath: '$.pace', Next: 'HostTurn' });
    // The child's own start bounds the check's time; the honoured Retry-After goes round the loop.
    expect(ScrapeUrl.Parameters).toMatchObject({
      'checkStartedAt.$': '$.checkStartedAt',
      'retryAfterHonoured.$': '$.pace.retryAfterHonoured',
      'waited.$': '$.pace.waited',
    });
    expect(HostTurn.Choices).toEqual([
      { Variable: '$.pace.retryAt', IsPresent: true, Next: 'WaitForHost' },
      { Variable: '$.pace.render', IsPresent: true, Next: 'RenderUrl' },
    ]);
    expect(child[HostTurn.Default as keyof typeof child]).toMatchObject({ Type: 'Succeed' });
    expect(WaitForHost).toMatchObject({ Type: 'Wait', TimestampPath: '$.pace.retryAt', Next: 'ScrapeUrl' });
  });

  it('checks a page for the browser in RenderUrl, which waits for the shop’s turn as ScrapeUrl does', () => {
    const { RenderUrl, RenderTurn, WaitForRender } = child;

    expect(RenderUrl).toMatchObject({ Type: 'Task', ResultPath: '$.pace', Next: 'RenderTurn' });
    expect(RenderUrl.Parameters).toMatchObject({
      'checkStartedAt.$': '$.checkStartedAt',
      'retryAfterHonoured.$': '$.pace.retryAfterHonoured',
      'waited.$': '$.pace.waited',
      'escalating.$': '$.pace.escalating',
    });
    expect(RenderUrl.Catch).toEqual([
      { ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'RecordFailure' },
    ]);
    expect(RenderTurn.Choices).toEqual([
      { Variable: '$.pace.retryAt', IsPresent: true, Next: 'WaitForRender' },
    ]);
    expect(child[RenderTurn.Default as keyof typeof child]).toMatchObject({ Type: 'Succeed' });
    expect(WaitForRender).toMatchObject({ Type: 'Wait', TimestampPath: '$.pace.retryAt', Next: 'RenderUrl' });
  });

  it('runs each batch of URLs as its own Express child execution, so the run’s history does not grow per URL', () => {
    expect(map.ItemProcessor.ProcessorConfig).toEqual({ Mode: 'DISTRIBUTED', ExecutionType: 'EXPRESS' });
    expect(map.ItemProcessor.StartAt).toBe('CheckBatch');
    expect(batch).toMatchObject({
      Type: 'Map',
      ItemsPath: '$.Items',
      ItemProcessor: { ProcessorConfig: { Mode: 'INLINE' } },
    });
    // A child cut off by Express's limit leaves its batch's unchecked URLs unrecorded; the run carries on.
    expect(map.ToleratedFailurePercentage).toBe(100);
  });

  it('checks 10 URLs per child at the default 10 pages at once, never more pages at once than MaxConcurrency', () => {
    // One Standard transition per child: at 10 URLs a child the run's transitions fall tenfold.
    expect([map.MaxConcurrency, batch.MaxConcurrency]).toEqual([1, 10]);
    for (let maxConcurrency = 1; maxConcurrency <= 40; maxConcurrency++) {
      const { ScrapeUrls } = buildScrapeDefinition({ maxConcurrency, timeoutSeconds: 3600 }).States;
      const inner = ScrapeUrls.ItemProcessor.States.CheckBatch;
      // The batcher cuts the batches to the size the child checks all at once.
      expect(ScrapeUrls.ItemBatcher.MaxItemsPerBatch).toBe(inner.MaxConcurrency);
      expect(inner.MaxConcurrency).toBeLessThanOrEqual(MAX_URLS_PER_BATCH);
      const pagesAtOnce = ScrapeUrls.MaxConcurrency * inner.MaxConcurrency;
      expect([maxConcurrency, pagesAtOnce <= maxConcurrency]).toEqual([maxConcurrency, true]);
      // What the split leaves unused is less than one more child's share.
      expect(maxConcurrency - pagesAtOnce).toBeLessThan(ScrapeUrls.MaxConcurrency);
    }
  });

  it('gives a URL’s checks, retries and failure record time to finish inside Express’s 5 minutes', () => {
    // Every URL of a batch starts with its child (the inner Map takes the whole batch at once, and
    // the batcher makes no batch larger), and its time counts from the child's start: a child lasts
    // as long as its longest URL, whose worst case is added up here.
    expect(map.ItemBatcher.MaxItemsPerBatch).toBeLessThanOrEqual(batch.MaxConcurrency);
    expect(batch.ItemSelector['checkStartedAt.$']).toBe('$$.Execution.StartTime');
    // A call of ScrapeUrl starts no request after the cutoff (one arriving later only records that
    // it had no time, as RecordFailure would). The last call that may still fetch begins by the
    // cutoff and runs at most its timeout; then one retry wait, then RecordFailure's worst case.
    const longestRetryWait = Math.max(...child.ScrapeUrl.Retry.map((r) => r.MaxDelaySeconds));
    const recordFailure = worstCaseSeconds(child.RecordFailure, 'RecordFailure');
    const lastCall = scrapeTasks.ScrapeUrl.timeoutSeconds;

    expect(CHECK_START_CUTOFF_SECONDS + lastCall + longestRetryWait + recordFailure).toBeLessThanOrEqual(
      EXPRESS_CHILD_LIMIT_SECONDS,
    );
    // A page for the browser: RenderUrl's last call starts its document by the same cutoff.
    const lastRender = scrapeTasks.RenderUrl.timeoutSeconds;
    const longestRenderRetryWait = Math.max(...child.RenderUrl.Retry.map((r) => r.MaxDelaySeconds));
    expect(
      CHECK_START_CUTOFF_SECONDS + lastRender + longestRenderRetryWait + recordFailure,
    ).toBeLessThanOrEqual(EXPRESS_CHILD_LIMIT_SECONDS);
    // The call's timeout has room for its waits at the host in the Lambda plus a whole minute of work.
    expect(lastCall - MAX_WAIT_IN_TASK_MS / 1000).toBeGreaterThanOrEqual(60);
    // Bedrock's and DynamoDB's throttling are still tried again, with backoff, and counted above.
    for (const error of ['BedrockThrottled', ...DYNAMODB_THROTTLING_ERRORS])
      expect(child.ScrapeUrl.Retry.some((r) => r.ErrorEquals.includes(error) && r.MaxAttempts > 0)).toBe(
        true,
      );
  });

  it('retries DynamoDB throttling on every Task, with backoff and full jitter', () => {
    const tasks: Record<string, TaskState> = {
      Prepare: definition.States.Prepare,
      ScrapeUrl: child.ScrapeUrl,
      RecordFailure: child.RecordFailure,
      Finalize: definition.States.Finalize,
    };
    // Step Functions applies the first retrier whose ErrorEquals names the error (or States.ALL).
    const retrierFor = (state: TaskState, error: string) =>
      state.Retry.find((r) => r.ErrorEquals.includes(error) || r.ErrorEquals.includes('States.ALL'));

    expect(DYNAMODB_THROTTLING_ERRORS).toEqual(
      expect.arrayContaining([
        'ThrottlingException',
        'ProvisionedThroughputExceededException',
        'DynamoDB.ThrottlingException',
        'DynamoDB.ProvisionedThroughputExceededException',
      ]),
    );
    for (const [name, state] of Object.entries(tasks))
      for (const error of DYNAMODB_THROTTLING_ERRORS) {
        const retrier = retrierFor(state, error);
        expect([name, error, retrier]).toEqual([
          name,
          error,
          expect.objectContaining({ BackoffRate: 2, JitterStrategy: 'FULL' }),
        ]);
        expect(retrier?.MaxAttempts).toBeGreaterThan(0);
      }
  });

  it('reads the run’s URLs from the data bucket in batches, so no run’s size meets the 256 KiB payload limit', () => {
    // Prepare, then ReadFeeds (the URLs no feed priced), hand on where their JSON Lines are, never the ids.
    expect(map.ItemReader).toEqual({
      Resource: 'arn:aws:states:::s3:getObject',
      ReaderConfig: { InputType: 'JSONL' },
      Parameters: { 'Bucket.$': '$.fetch.items.bucket', 'Key.$': '$.fetch.items.key' },
    });
    expect(map.ItemBatcher.BatchInput).toEqual({ 'runId.$': '$.runId' });
    expect(definition.States.Finalize.Parameters).toEqual({ 'runId.$': '$.runId', 'items.$': '$.items' });
    // What the children answer goes to the bucket, not the state: 100,000 of them would not fit.
    expect(map.ResultWriter).toMatchObject({
      Resource: 'arn:aws:states:::s3:putObject',
      Parameters: { 'Bucket.$': '$.results.bucket', 'Prefix.$': '$.results.prefix' },
    });
    expect(map.ResultPath).toBeNull();
    // Every way out of a URL's check answers {}, and so does the child.
    const ends = Object.values(child).filter(
      (state) => ('End' in state && state.End) || state.Type === 'Succeed',
    );
    expect(ends.map((state) => state.Type).sort()).toEqual(['Pass', 'Succeed', 'Task']);
    for (const state of ends) expect(state).toHaveProperty('OutputPath', null);
    expect(batch).toMatchObject({ ResultPath: null, OutputPath: null, End: true });
  });

  it('goes straight to Finalize when Prepare found nothing to check, or the feeds priced every URL', () => {
    expect(definition.States.Prepare.Next).toBe('AnyUrls');
    expect(definition.States.AnyUrls).toEqual(
      expect.objectContaining({
        Choices: [{ Variable: '$.total', NumericGreaterThan: 0, Next: 'ReadFeeds' }],
        Default: 'Finalize',
      }),
    );
    expect(definition.States.ReadFeeds.Next).toBe('AnyPages');
    expect(definition.States.AnyPages).toEqual(
      expect.objectContaining({
        Choices: [{ Variable: '$.fetch.total', NumericGreaterThan: 0, Next: 'ScrapeUrls' }],
        Default: 'Finalize',
      }),
    );
  });
});
