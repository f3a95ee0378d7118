import {
  batching,
  distributedMap,
  lambdaResource,
  retryCheckThrottling,
  retryDynamoThrottling,
  retryLambdaErrors,
} from '../scrape-run/state-machine';
import type { DiscoveryTaskName } from './discovery-tasks';

/**
 * The discovery job's Amazon States Language definition (issue 32), built in one place as the scrape
 * run's is: CDK deploys it, the local runner executes the same JSON.
 *
 * PrepareDiscovery (the job running, the sitemaps' pages to read written to the data bucket, the
 * feeds read) → ReadPages (a Distributed Map of Express children over those pages, in batches: each
 * page ReadPage, waiting for the shop's turn as a check does, or RenderPage in the browser) →
 * MatchDiscovery (what was found matched against the catalogue; the job ends). A job that fails or
 * is stopped is ended by the status-change handler, as a run is.
 */
const lambda = (task: DiscoveryTaskName) => lambdaResource(task);

/** Pages read at once: one competitor is one shop, which takes 2 requests at a time at most (decision 37). */
export const DISCOVERY_PAGES_AT_ONCE = 4;

function pageTask(task: 'ReadPage' | 'RenderPage', turn: string) {
  return {
    Type: 'Task',
    Resource: lambda(task),
    Parameters: {
      'jobId.$': '$.jobId',
      'competitorId.$': '$.competitorId',
      'url.$': '$.url',
      'startedAt.$': '$.startedAt',
      'retryAfterHonoured.$': '$.pace.retryAfterHonoured',
      'waited.$': '$.pace.waited',
    },
    ResultPath: '$.pace',
    Retry: [retryLambdaErrors, retryCheckThrottling],
    // The page goes unread (counted as an error by the task when it can); the job goes on.
    Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'PageNotRead' }],
    Next: turn,
  };
}

function pageStates() {
  return {
    ReadPage: pageTask('ReadPage', 'PageTurn'),
    PageTurn: {
      Type: 'Choice',
      Choices: [
        { Variable: '$.pace.retryAt', IsPresent: true, Next: 'WaitForPage' },
        { Variable: '$.pace.render', IsPresent: true, Next: 'RenderPage' },
      ],
      Default: 'PageRead',
    },
    WaitForPage: { Type: 'Wait', TimestampPath: '$.pace.retryAt', Next: 'ReadPage' },
    RenderPage: pageTask('RenderPage', 'RenderTurn'),
    RenderTurn: {
      Type: 'Choice',
      Choices: [{ Variable: '$.pace.retryAt', IsPresent: true, Next: 'WaitForRender' }],
      Default: 'PageRead',
    },
    WaitForRender: { Type: 'Wait', TimestampPath: '$.pace.retryAt', Next: 'RenderPage' },
    PageRead: { Type: 'Succeed', OutputPath: null },
    PageNotRead: { Type: 'Pass', OutputPath: null, End: true },
  };
}

export function buildDiscoveryDefinition({ timeoutSeconds }: { timeoutSeconds: number }) {
  const { children, batchSize } = batching(DISCOVERY_PAGES_AT_ONCE);
  const jobTask = (task: DiscoveryTaskName) => ({
    Type: 'Task',
    Resource: lambda(task),
    Parameters: { 'jobId.$': '$.jobId', 'competitorId.$': '$.competitorId' },
    Retry: [retryLambdaErrors, retryDynamoThrottling],
  });
  return {
    Comment: "Check My Price: discover a competitor's products and suggest matches",
    TimeoutSeconds: timeoutSeconds,
    StartAt: 'PrepareDiscovery',
    States: {
      PrepareDiscovery: { ...jobTask('PrepareDiscovery'), Next: 'AnyPages' },
      AnyPages: {
        Type: 'Choice',
        Choices: [{ Variable: '$.total', NumericGreaterThan: 0, Next: 'ReadPages' }],
        Default: 'MatchDiscovery',
      },
      ReadPages: {
        // PrepareDiscovery's JSON Lines object, one {"url"} per line.
        ...distributedMap({
          items: '$.items',
          batchSize,
          batchInput: { 'jobId.$': '$.jobId', 'competitorId.$': '$.competitorId' },
          children,
          startAt: 'ReadBatch',
          states: {
            ReadBatch: {
              Type: 'Map',
              ItemsPath: '$.Items',
              MaxConcurrency: batchSize,
              ItemSelector: {
                'jobId.$': '$.BatchInput.jobId',
                'competitorId.$': '$.BatchInput.competitorId',
                'url.$': '$$.Map.Item.Value.url',
                'startedAt.$': '$$.Execution.StartTime',
                pace: { retryAfterHonoured: false, waited: false },
              },
              ItemProcessor: {
                ProcessorConfig: { Mode: 'INLINE' },
                StartAt: 'ReadPage',
                States: pageStates(),
              },
              ResultPath: null,
              OutputPath: null,
              End: true,
            },
          },
        }),
        ResultPath: null,
        Next: 'MatchDiscovery',
      },
      MatchDiscovery: { ...jobTask('MatchDiscovery'), End: true },
    },
  };
}
