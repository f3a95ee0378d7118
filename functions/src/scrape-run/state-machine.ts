import { arnSubstitution, type ScrapeTaskName } from './tasks';

/**
 * The scrape run's Amazon States Language definition (JSONPath only), built in one place: CDK
 * deploys it with `definitionSubstitutions` for the Lambda ARNs, the local runner executes the
 * same JSON with each Task mapped to its in-process handler. State names are unique on purpose.
 *
 * Prepare (lock, run record, URL ids) → ScrapeUrls (Map: ScrapeUrl, or RecordFailure when it
 * fails) → Finalize (counts from the records of Prepare's URL ids, lock released).
 *
 * A URL's check whose shop has no turn for it soon answers when to come back: the child waits
 * until then (WaitForHost, free on AWS) and calls ScrapeUrl again (decision 37).
 *
 * The Map is Distributed, one Express child execution per URL: an inline Map writes about 7
 * history events per URL into the run's own execution, whose 25,000-event limit stopped a run at
 * about 3,000 URLs. Items come from the state input (Prepare's URL ids, about 6 bytes each under
 * the 256 KiB payload limit: MAX_URLS_PER_RUN). The local runner executes the Map inline.
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

const retryLambdaErrors = {
  ErrorEquals: LAMBDA_SERVICE_ERRORS,
  IntervalSeconds: 1,
  MaxAttempts: 4,
  BackoffRate: 2,
  MaxDelaySeconds: 20,
  JitterStrategy: 'FULL',
};

/** Prepare and Finalize run once per run, outside the Express child: throttling may be waited out longer. */
const retryDynamoThrottling = {
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
const retryCheckThrottling = {
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
 * Prepare's output, `{ runId, urlIds }`, is the Map's items and Finalize's input, both under Step
 * Functions' 256 KiB payload limit: 35,000 ids of up to 6 digits is about 245 KB.
 */
export const MAX_URLS_PER_RUN = 35_000;

/** An Express child execution ends after 5 minutes, whatever it is doing. */
export const EXPRESS_CHILD_LIMIT_SECONDS = 300;

/**
 * No request of a URL's check starts later than this after its child execution began: what may
 * follow (the rest of that call, a retry, RecordFailure) must still fit in the child's 5 minutes
 * (state-machine.test.ts adds it up). A check whose shop has no turn for it before then is
 * recorded as not checked.
 */
export const CHECK_START_CUTOFF_SECONDS = 100;

const lambda = (task: ScrapeTaskName) => `\${${arnSubstitution(task)}}`;

export function buildScrapeDefinition({ maxConcurrency, timeoutSeconds }: DefinitionOptions) {
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
        Next: 'ScrapeUrls',
      },
      AnotherRunIsActive: { Type: 'Succeed', Comment: 'A run was already going: this start does nothing.' },
      ScrapeUrls: {
        Type: 'Map',
        ItemsPath: '$.urlIds',
        MaxConcurrency: maxConcurrency,
        ItemSelector: {
          'runId.$': '$.runId',
          'urlId.$': '$$.Map.Item.Value',
          pace: { retryAfterHonoured: false, waited: false },
        },
        // A child that still fails (Express's 5 minutes ran out) leaves its URL unrecorded, not the run failed.
        ToleratedFailurePercentage: 100,
        ItemProcessor: {
          ProcessorConfig: { Mode: 'DISTRIBUTED', ExecutionType: 'EXPRESS' },
          StartAt: 'ScrapeUrl',
          States: {
            ScrapeUrl: {
              Type: 'Task',
              Resource: lambda('ScrapeUrl'),
              Parameters: {
                'runId.$': '$.runId',
                'urlId.$': '$.urlId',
                // The child's own start (each Map item is its own execution): the check's time.
                'checkStartedAt.$': '$$.Execution.StartTime',
                'retryAfterHonoured.$': '$.pace.retryAfterHonoured',
                'waited.$': '$.pace.waited',
              },
              // { recorded } when done, or { retryAt, retryAfterHonoured, waited } to come back later.
              ResultPath: '$.pace',
              Retry: [retryLambdaErrors, retryCheckThrottling],
              // Whatever went wrong, the URL is recorded as failed and the run goes on.
              Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'RecordFailure' }],
              Next: 'HostTurn',
            },
            HostTurn: {
              Type: 'Choice',
              Choices: [{ Variable: '$.pace.retryAt', IsPresent: true, Next: 'WaitForHost' }],
              Default: 'Checked',
            },
            WaitForHost: {
              Type: 'Wait',
              Comment: 'The shop’s next turn for this check, or the wait its 429/503 asked for.',
              TimestampPath: '$.pace.retryAt',
              Next: 'ScrapeUrl',
            },
            // Every child answers {}: the Map gathers one output per URL, under the same 256 KiB.
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
          },
        },
        ResultPath: null,
        Next: 'Finalize',
      },
      Finalize: {
        Type: 'Task',
        Resource: lambda('Finalize'),
        // Prepare's URL ids (the Map keeps its input): Finalize reads their records by key, consistently.
        Parameters: { 'runId.$': '$.runId', 'urlIds.$': '$.urlIds' },
        Retry: [retryLambdaErrors, retryDynamoThrottling],
        End: true,
      },
    },
  };
}

/** The definition with the Lambda ARNs filled in (what Step Functions ends up running). */
export function substitute(definition: unknown, arns: Record<ScrapeTaskName, string>): string {
  let json = JSON.stringify(definition);
  for (const [task, arn] of Object.entries(arns)) {
    json = json.replaceAll(`\${${arnSubstitution(task as ScrapeTaskName)}}`, arn);
  }
  return json;
}
