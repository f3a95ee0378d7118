import { arnSubstitution, type ScrapeTaskName } from './tasks';

/**
 * The scrape run's Amazon States Language definition (JSONPath only), built in one place: CDK
 * deploys it with `definitionSubstitutions` for the Lambda ARNs, the local runner executes the
 * same JSON with each Task mapped to its in-process handler. State names are unique on purpose.
 *
 * Prepare (lock, run record, URL ids) → ScrapeUrls (Map: ScrapeUrl, or RecordFailure when it
 * fails) → Finalize (counts from the records of Prepare's URL ids, lock released).
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

const retryBedrockThrottling = {
  ErrorEquals: [BEDROCK_THROTTLED],
  IntervalSeconds: 5,
  MaxAttempts: 4,
  BackoffRate: 2,
  MaxDelaySeconds: 60,
  JitterStrategy: 'FULL',
};

/** RecordFailure only writes to the table: whatever fails it (throttling, say) is worth a few tries. */
const retryAnyError = {
  ErrorEquals: ['States.ALL'],
  IntervalSeconds: 2,
  MaxAttempts: 3,
  BackoffRate: 2,
  MaxDelaySeconds: 30,
  JitterStrategy: 'FULL',
};

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
        Retry: [retryLambdaErrors],
        Catch: [{ ErrorEquals: [RUN_ALREADY_ACTIVE], Next: 'AnotherRunIsActive' }],
        Next: 'ScrapeUrls',
      },
      AnotherRunIsActive: { Type: 'Succeed', Comment: 'A run was already going: this start does nothing.' },
      ScrapeUrls: {
        Type: 'Map',
        ItemsPath: '$.urlIds',
        MaxConcurrency: maxConcurrency,
        ItemSelector: { 'runId.$': '$.runId', 'urlId.$': '$$.Map.Item.Value' },
        ItemProcessor: {
          ProcessorConfig: { Mode: 'INLINE' },
          StartAt: 'ScrapeUrl',
          States: {
            ScrapeUrl: {
              Type: 'Task',
              Resource: lambda('ScrapeUrl'),
              Retry: [retryLambdaErrors, retryBedrockThrottling],
              // Whatever went wrong, the URL is recorded as failed and the run goes on.
              Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'RecordFailure' }],
              End: true,
            },
            RecordFailure: {
              Type: 'Task',
              Resource: lambda('RecordFailure'),
              Retry: [retryLambdaErrors, retryAnyError],
              // Still failing: the URL goes unrecorded (uncounted) rather than failing the whole run.
              Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'FailureNotRecorded' }],
              End: true,
            },
            FailureNotRecorded: {
              Type: 'Pass',
              Comment: 'The URL could not be recorded; the run goes on without it.',
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
        Retry: [retryLambdaErrors],
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
