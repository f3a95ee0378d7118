import { arnSubstitution, type ScrapeTaskName } from './tasks';

/**
 * The scrape run's Amazon States Language definition (JSONPath only), built in one place: CDK
 * deploys it with `definitionSubstitutions` for the Lambda ARNs, the local runner executes the
 * same JSON with each Task mapped to its in-process handler. State names are unique on purpose.
 *
 * Prepare (lock, run record, the URL ids written to the data bucket) → ReadFeeds (the URLs that
 * competitors' product feeds list recorded from them, issue 32) → ScrapeUrls (a Map reading
 * them in batches: CheckBatch, an inline Map over the batch's URLs: ScrapeUrl, or RecordFailure
 * when it fails) → Finalize (counts from the records of Prepare's URL ids, lock released).
 *
 * A URL's check whose shop has no turn for it soon answers when to come back: its Map iteration
 * waits until then (WaitForHost, free on AWS) and calls ScrapeUrl again (decision 37).
 *
 * The outer Map is Distributed, one Express child execution per batch of up to 10 URLs
 * (decision 59): an inline Map writes about 7 history events per URL into the run's own
 * execution, whose 25,000-event limit stopped a run at about 3,000 URLs, and each child costs a
 * Standard transition. A child checks all its URLs at once, so it lasts as long as its slowest
 * check. Items come from the data bucket through the Map's ItemReader and ItemBatcher, so a run's
 * size is not bound by the 256 KiB state payload (decision 66). The local runner executes both
 * Maps inline, reading the items from the S3 stand-in (local-map-items.ts).
 */
export interface DefinitionOptions {
  maxConcurrency: number;
  timeoutSeconds: number;
}

/** Errors the Lambda service itself raises; worth retrying with backoff. */
export const LAMBDA_SERVICE_ERRORS = [
  'Lambda.ServiceException',
  'Lambda.AWSLambdaException',
  'Lambda.SdkClientException',
  'Lambda.TooManyRequestsException',
];

/**
 * DynamoDB throttling that outlasted the SDK's own retries, as a task's Lambda surfaces it (the
 * SDK error's name) and as Step Functions names it for DynamoDB (`DynamoDB.` prefixed).
 */
export const DYNAMODB_THROTTLING_ERRORS = [
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
].flatMap((name) => [name, `DynamoDB.${name}`]);

/** What ScrapeUrl throws when Bedrock keeps throttling, so the run backs off and tries the page again. */
export const BEDROCK_THROTTLED = 'BedrockThrottled';

/** What Prepare throws when another run holds the lock (a scheduled start while a run is on). */
export const RUN_ALREADY_ACTIVE = 'RunAlreadyActive';

export const retryLambdaErrors = {
  ErrorEquals: LAMBDA_SERVICE_ERRORS,
  IntervalSeconds: 1,
  MaxAttempts: 4,
  BackoffRate: 2,
  MaxDelaySeconds: 20,
  JitterStrategy: 'FULL',
};

/** Prepare and Finalize run once per run, outside the Express child: throttling may be waited out longer. */
export const retryDynamoThrottling = {
  ErrorEquals: DYNAMODB_THROTTLING_ERRORS,
  IntervalSeconds: 1,
  MaxAttempts: 6,
  BackoffRate: 2,
  MaxDelaySeconds: 30,
  JitterStrategy: 'FULL',
};

/**
 * Bedrock's or DynamoDB's throttling in a URL's check, sharing one retrier: few and short enough
 * that the child execution stays inside Express's 5 minutes.
 */
export const retryCheckThrottling = {
  ErrorEquals: [BEDROCK_THROTTLED, ...DYNAMODB_THROTTLING_ERRORS],
  IntervalSeconds: 5,
  MaxAttempts: 2,
  BackoffRate: 2,
  MaxDelaySeconds: 15,
  JitterStrategy: 'FULL',
};

/** RecordFailure only writes to the table: whatever fails it (throttling included) is worth a few tries. */
const retryAnyError = {
  ErrorEquals: ['States.ALL'],
  IntervalSeconds: 2,
  MaxAttempts: 3,
  BackoffRate: 2,
  MaxDelaySeconds: 10,
  JitterStrategy: 'FULL',
};

/**
 * The most URLs one run checks. The ids travel in the data bucket, not the state (decision 66), so
 * this is a sanity bound: a million checks at a shop's 1 s pace is far beyond a day.
 */
export const MAX_URLS_PER_RUN = 1_000_000;

/**
 * The most URLs one Express child checks. Each child is one Standard transition of the run (about
 * $0.025 per 1,000); at 10 the run's transitions fall tenfold (decision 59).
 */
export const MAX_URLS_PER_BATCH = 10;

/**
 * `maxConcurrency` pages at once, as children at once × URLs per child (a child checks all of its
 * batch at once): as few children as batches of at most 10 allow, never more pages than asked.
 *
 * @example batching(10) // { children: 1, batchSize: 10 }; batching(25) // { children: 3, batchSize: 8 }
 */
export function batching(maxConcurrency: number): { children: number; batchSize: number } {
  const children = Math.ceil(maxConcurrency / MAX_URLS_PER_BATCH);
  return { children, batchSize: Math.floor(maxConcurrency / children) };
}

/** An Express child execution ends after 5 minutes, whatever it is doing. */
export const EXPRESS_CHILD_LIMIT_SECONDS = 300;

/**
 * No request of a URL's check starts later than this after its child execution began (every URL of
 * a batch starts with the child): what may
 * follow (the rest of that call, a retry, RecordFailure) must still fit in the child's 5 minutes
 * (state-machine.test.ts adds it up). A check whose shop has no turn for it before then is
 * recorded as not checked.
 */
export const CHECK_START_CUTOFF_SECONDS = 100;

/** A Task's Resource: its Lambda's ARN, substituted at deploy (CDK) or start (the local runner). */
export const lambdaResource = (task: string) => `\${${arnSubstitution(task)}}`;
const lambda = (task: ScrapeTaskName) => lambdaResource(task);

export function buildScrapeDefinition({ maxConcurrency, timeoutSeconds }: DefinitionOptions) {
  const { children, batchSize } = batching(maxConcurrency);
  return {
    Comment: 'Check My Price: one scrape run over every competitor URL (or one product’s)',
    TimeoutSeconds: timeoutSeconds,
    StartAt: 'Prepare',
    States: {
      Prepare: {
        Type: 'Task',
        Resource: lambda('Prepare'),
        Parameters: {
          'request.$': '$',
          'executionArn.$': '$$.Execution.Id',
          'executionName.$': '$$.Execution.Name',
          'startedAt.$': '$$.Execution.StartTime',
        },
        Retry: [retryLambdaErrors, retryDynamoThrottling],
        Catch: [{ ErrorEquals: [RUN_ALREADY_ACTIVE], Next: 'AnotherRunIsActive' }],
        Next: 'AnyUrls',
      },
      AnotherRunIsActive: { Type: 'Succeed', Comment: 'A run was already going: this start does nothing.' },
      AnyUrls: {
        Type: 'Choice',
        Comment: 'Nothing to check (too many URLs, or stopped before Prepare): straight to Finalize.',
        Choices: [{ Variable: '$.total', NumericGreaterThan: 0, Next: 'ReadFeeds' }],
        Default: 'Finalize',
      },
      ReadFeeds: {
        Type: 'Task',
        Resource: lambda('ReadFeeds'),
        Comment: 'Competitors’ product feeds: the URLs they list are recorded from them, the rest fetched.',
        Parameters: { 'runId.$': '$.runId', 'items.$': '$.items', 'total.$': '$.total' },
        // Prepare's items stay for Finalize, which counts every URL of the run.
        ResultPath: '$.fetch',
        Retry: [retryLambdaErrors, retryDynamoThrottling],
        Next: 'AnyPages',
      },
      AnyPages: {
        Type: 'Choice',
        Choices: [{ Variable: '$.fetch.total', NumericGreaterThan: 0, Next: 'ScrapeUrls' }],
        Default: 'Finalize',
      },
      ScrapeUrls: {
        // ReadFeeds' JSON Lines object, one {"urlId"} per line, the shops in turn as Prepare put them.
        // Consecutive lines make a batch, so a batch's URLs are on as many shops as the run has.
        ...distributedMap({
          items: '$.fetch.items',
          batchSize,
          batchInput: { 'runId.$': '$.runId' },
          children,
          startAt: 'CheckBatch',
          states: {
            CheckBatch: {
              Type: 'Map',
              ItemsPath: '$.Items',
              // The whole batch at once: every check starts with the child and has its full time.
              MaxConcurrency: batchSize,
              ItemSelector: {
                'runId.$': '$.BatchInput.runId',
                'urlId.$': '$$.Map.Item.Value.urlId',
                // The child's start (each batch is its own execution): the time of its checks.
                'checkStartedAt.$': '$$.Execution.StartTime',
                pace: { retryAfterHonoured: false, waited: false },
              },
              ItemProcessor: {
                ProcessorConfig: { Mode: 'INLINE' },
                StartAt: 'ScrapeUrl',
                States: checkStates(),
              },
              // Every child answers {}.
              ResultPath: null,
              OutputPath: null,
              End: true,
            },
          },
        }),
        ResultPath: null,
        Next: 'Finalize',
      },
      Finalize: {
        Type: 'Task',
        Resource: lambda('Finalize'),
        // Prepare's URL ids (the Map keeps its input): Finalize reads their records by key, consistently.
        Parameters: { 'runId.$': '$.runId', 'items.$': '$.items' },
        Retry: [retryLambdaErrors, retryDynamoThrottling],
        End: true,
      },
    },
  };
}

/**
 * One URL's check in its batch: ScrapeUrl, waiting for the shop's turn as often as it asks, then (a
 * page for the browser) RenderUrl likewise, or RecordFailure.
 */
/**
 * A check's Task (ScrapeUrl, RenderUrl): the URL, its child's start and what its pace knows in;
 * `{ recorded }` when done, or `{ retryAt, retryAfterHonoured, waited }` to come back later, out.
 */
function checkTask(task: 'ScrapeUrl' | 'RenderUrl', parameters: Record<string, string>, next: string) {
  return {
    Type: 'Task',
    Resource: lambda(task),
    Parameters: {
      'runId.$': '$.runId',
      'urlId.$': '$.urlId',
      'checkStartedAt.$': '$.checkStartedAt',
      'retryAfterHonoured.$': '$.pace.retryAfterHonoured',
      'waited.$': '$.pace.waited',
      ...parameters,
    },
    ResultPath: '$.pace',
    Retry: [retryLambdaErrors, retryCheckThrottling],
    // Whatever went wrong, the URL is recorded as failed and the run goes on.
    Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'RecordFailure' }],
    Next: next,
  };
}

function checkStates() {
  return {
    ScrapeUrl: checkTask('ScrapeUrl', {}, 'HostTurn'),
    HostTurn: {
      Type: 'Choice',
      Choices: [
        { Variable: '$.pace.retryAt', IsPresent: true, Next: 'WaitForHost' },
        { Variable: '$.pace.render', IsPresent: true, Next: 'RenderUrl' },
      ],
      Default: 'Checked',
    },
    WaitForHost: {
      Type: 'Wait',
      Comment: 'The shop’s next turn for this check, or the wait its 429/503 asked for.',
      TimestampPath: '$.pace.retryAt',
      Next: 'ScrapeUrl',
    },
    // The browser tier (issue 31): a host whose pages are rendered, or a page `auto` found needs it.
    RenderUrl: checkTask('RenderUrl', { 'escalating.$': '$.pace.escalating' }, 'RenderTurn'),
    RenderTurn: {
      Type: 'Choice',
      Choices: [{ Variable: '$.pace.retryAt', IsPresent: true, Next: 'WaitForRender' }],
      Default: 'Checked',
    },
    WaitForRender: {
      Type: 'Wait',
      Comment: 'The shop’s next turn for the page the browser is to check.',
      TimestampPath: '$.pace.retryAt',
      Next: 'RenderUrl',
    },
    // Every check answers {}: CheckBatch gathers one output per URL of its batch.
    Checked: { Type: 'Succeed', OutputPath: null },
    RecordFailure: {
      Type: 'Task',
      Resource: lambda('RecordFailure'),
      Retry: [retryLambdaErrors, retryAnyError],
      // Still failing: the URL goes unrecorded (uncounted) rather than failing the whole run.
      Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'FailureNotRecorded' }],
      OutputPath: null,
      End: true,
    },
    FailureNotRecorded: {
      Type: 'Pass',
      Comment: 'The URL could not be recorded; the run goes on without it.',
      OutputPath: null,
      End: true,
    },
  };
}

/**
 * A Distributed Map over the JSON Lines object at `items` (a run's or a job's, in the data bucket):
 * batches of `batchSize` consecutive lines, each an Express child execution, `children` at once. A
 * child that still fails (Express's 5 minutes ran out) leaves its items undone, not the whole
 * execution failed. Its children's answers go to the bucket and are dropped: a million items are
 * 100,000 children, whose outputs would pass the 256 KiB payload limit in the state.
 */
export function distributedMap<States extends Record<string, unknown>>(map: {
  items: string;
  batchSize: number;
  batchInput: Record<string, string>;
  children: number;
  startAt: string;
  states: States;
}) {
  return {
    Type: 'Map',
    ItemReader: {
      Resource: 'arn:aws:states:::s3:getObject',
      ReaderConfig: { InputType: 'JSONL' },
      Parameters: { 'Bucket.$': `${map.items}.bucket`, 'Key.$': `${map.items}.key` },
    },
    ItemBatcher: { MaxItemsPerBatch: map.batchSize, BatchInput: map.batchInput },
    ResultWriter: {
      Resource: 'arn:aws:states:::s3:putObject',
      Parameters: { 'Bucket.$': '$.results.bucket', 'Prefix.$': '$.results.prefix' },
      WriterConfig: { OutputType: 'JSONL', Transformation: 'COMPACT' },
    },
    MaxConcurrency: map.children,
    ToleratedFailurePercentage: 100,
    ItemProcessor: {
      ProcessorConfig: { Mode: 'DISTRIBUTED', ExecutionType: 'EXPRESS' },
      StartAt: map.startAt,
      States: map.states,
    },
  };
}

/** The definition with the Lambda ARNs filled in (what Step Functions ends up running). */
export function substitute(definition: unknown, arns: Readonly<Record<string, string>>): string {
  let json = JSON.stringify(definition);
  for (const [task, arn] of Object.entries(arns)) {
    json = json.replaceAll(lambdaResource(task), arn);
  }
  return json;
}
