import { Duration } from 'aws-cdk-lib';
import {
  Alarm,
  ComparisonOperator,
  type IAlarm,
  MathExpression,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { SfnStateMachine } from 'aws-cdk-lib/aws-events-targets';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { LLM_FAILURE_RATE, METRICS_NAMESPACE } from '../../functions/src/scrape-run/llm-metrics';
import { scheduledRunInput } from '../../functions/src/scrape-run/run-input';
import { buildScrapeDefinition } from '../../functions/src/scrape-run/state-machine';
import { type ScrapeTaskName, scrapeTasks, statusChangeTask } from '../../functions/src/scrape-run/tasks';
import { appFunction } from './app-function';
import type { AppSettings } from './app-settings';
import { bindNeeds, type NeedResources } from './bind-needs';
import { abandonedExecutionsRule, taskStateMachine } from './task-state-machine';

export interface ScrapeRunProps {
  /** What the tasks may need; the state machine itself is made here, so it is not among them. */
  readonly resources: Omit<NeedResources, 'scrapeRun'>;
  readonly settings: AppSettings;
}

/**
 * A scrape run on AWS: the state machine of the one definition (decision 12) with a Lambda per
 * task, the schedule that starts it, the rule that closes runs whose execution ended without
 * Finalize, and an alarm when executions fail or time out.
 */
export class ScrapeRun extends Construct {
  readonly stateMachine: StateMachine;
  readonly taskFunctions: Readonly<Record<ScrapeTaskName, NodejsFunction>>;
  readonly statusChangeFunction: NodejsFunction;
  readonly statusChangeRule: Rule;
  /**
   * Always there, disabled when scheduleEnabled is false: the rule holds the schedule, and admins
   * change it in the app (decision 55), so the deploy-time setting is only its default.
   */
  readonly scheduleRule: Rule;
  readonly failedRunsAlarm: IAlarm;
  /** With a Bedrock model only: more than 10 % of a run's model calls failed. */
  readonly llmFailuresAlarm: IAlarm | undefined;

  constructor(scope: Construct, id: string, props: ScrapeRunProps) {
    super(scope, id);
    const { settings, resources } = props;
    const run = settings.scrapeRun;

    const definition = buildScrapeDefinition({
      maxConcurrency: run.maxConcurrency,
      timeoutSeconds: run.runTimeoutSeconds,
    });
    const built = taskStateMachine(this, {
      name: 'scrape run',
      logGroupSuffix: 'scrape-run',
      tasks: scrapeTasks,
      definition,
      settings,
      resources,
      environment: (task) => ({
        // Prepare takes over a lock older than the run timeout; one value for the whole run.
        SCRAPE_RUN_TIMEOUT_SECONDS: String(run.runTimeoutSeconds),
        // The checks, RecordFailure and ReadFeeds write the price records that expire.
        ...(task === 'ScrapeUrl' || task === 'RenderUrl' || task === 'RecordFailure' || task === 'ReadFeeds'
          ? { PRICE_RETENTION_DAYS: String(run.priceRetentionDays) }
          : {}),
        ...((task === 'ScrapeUrl' || task === 'RenderUrl') && run.scraperContactUrl
          ? { SCRAPER_CONTACT_URL: run.scraperContactUrl }
          : {}),
      }),
    });
    this.taskFunctions = built.taskFunctions;
    this.stateMachine = built.stateMachine;

    this.statusChangeFunction = appFunction(this, 'StatusChange', {
      description: 'Check My Price scrape run: closes runs whose execution failed, timed out or was aborted',
      entry: statusChangeTask.entry,
      memorySize: 512,
      timeoutSeconds: statusChangeTask.timeoutSeconds,
      settings,
    });
    bindNeeds(this.statusChangeFunction, statusChangeTask.needs, resources);
    this.statusChangeRule = abandonedExecutionsRule(
      this,
      this.stateMachine,
      this.statusChangeFunction,
      'Check My Price: a scrape run execution ended without Finalize',
    );

    this.scheduleRule = new Rule(this, 'Schedule', {
      description: 'Check My Price: scheduled price checks',
      schedule: Schedule.expression(run.schedule),
      enabled: run.scheduleEnabled,
      // The input Prepare parses (run-input.ts), as the local scheduler sends it too.
      targets: [
        new SfnStateMachine(this.stateMachine, { input: RuleTargetInput.fromObject(scheduledRunInput()) }),
      ],
    });

    // Aborted is a stop (by a user), not a failure: only failed and timed-out executions alarm.
    const period = Duration.minutes(5);
    this.failedRunsAlarm = new Alarm(this, 'FailedRunsAlarm', {
      alarmDescription:
        'Check My Price: a scrape run execution failed or timed out. The run is marked failed by the ' +
        'status-change handler; the execution history and the state machine log group say why.',
      metric: new MathExpression({
        expression: 'FILL(failed, 0) + FILL(timedOut, 0)',
        usingMetrics: {
          failed: this.stateMachine.metricFailed({ period }),
          timedOut: this.stateMachine.metricTimedOut({ period }),
        },
        label: 'Failed or timed-out scrape runs',
        period,
      }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });

    // One data point per run that called the model, logged by the run's ending (llm-metrics.ts).
    this.llmFailuresAlarm = run.bedrockModelId
      ? new Alarm(this, 'LlmFailuresAlarm', {
          alarmDescription:
            "Check My Price: more than 10 % of a scrape run's calls to the Bedrock model failed (access " +
            'denied, throttled to the end, invalid answers). The run log in the scraper panel says how many ' +
            'checks lost the AI step and why; see "Enable the Bedrock model" in the README.',
          metric: new Metric({
            namespace: METRICS_NAMESPACE,
            metricName: LLM_FAILURE_RATE,
            statistic: 'Maximum',
            period: Duration.hours(1),
          }),
          threshold: 10,
          evaluationPeriods: 1,
          comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        })
      : undefined;
  }
}
