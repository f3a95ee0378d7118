import { type CfnElement, Duration, Stack } from 'aws-cdk-lib';
import {
  Alarm,
  ComparisonOperator,
  type IAlarm,
  MathExpression,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction, SfnStateMachine } from 'aws-cdk-lib/aws-events-targets';
import { Policy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { DefinitionBody, LogLevel, StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { RUN_FILES_PREFIX } from '../../functions/src/lib/data-bucket';
import { LLM_FAILURE_RATE, METRICS_NAMESPACE } from '../../functions/src/scrape-run/llm-metrics';
import { ABANDONED_EXECUTION_STATUSES } from '../../functions/src/scrape-run/run-endings';
import { scheduledRunInput } from '../../functions/src/scrape-run/run-input';
import { buildScrapeDefinition } from '../../functions/src/scrape-run/state-machine';
import {
  arnSubstitution,
  type ScrapeTaskName,
  scrapeTasks,
  statusChangeTask,
  type TaskDef,
} from '../../functions/src/scrape-run/tasks';
import { appFunction, vendedLogGroupName } from './app-function';
import type { AppSettings } from './app-settings';
import { acknowledgeRunFiles, bindNeeds, type NeedResources, runFilesMapActions } from './bind-needs';
import { acknowledge } from './nag';

export interface ScrapeRunProps {
  /** What the tasks may need; the state machine itself is made here, so it is not among them. */
  readonly resources: Omit<NeedResources, 'scrapeRun'>;
  readonly settings: AppSettings;
}

/**
 * Every task at 512 MB. ScrapeUrl parses whole pages, and Lambda's CPU grows with memory, but it
 * mostly waits (the shop, its pacing, Bedrock) and waiting is billed per GB-second: `npm run
 * bench:extract` puts extraction at 0.29 vCPU at p50 ~0.1 s and p95 under 1 s of a ~2.3 s check,
 * and the largest corpus page at under 100 MB more, so 1,024 MB would double the cost for a few
 * percent of speed.
 */
const TASK_MEMORY_MB = 512;
/**
 * Pages rendered at once, at most (issue 31: the browser function's own reserved concurrency): a
 * fifth of the plain checks' 40, so a run whose pages mostly need the browser cannot take the
 * account's whole Lambda concurrency, and a throttled render is retried by the state machine.
 */
const BROWSER_CONCURRENCY = 10;

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

    const taskFunctions = {} as Record<ScrapeTaskName, NodejsFunction>;
    for (const [task, def] of Object.entries(scrapeTasks) as [ScrapeTaskName, TaskDef][]) {
      const fn = appFunction(this, task, {
        description: `Check My Price scrape run: the ${task} task`,
        entry: def.entry,
        memorySize: def.memoryMb ?? TASK_MEMORY_MB,
        timeoutSeconds: def.timeoutSeconds,
        ...(def.browser ? { browser: { reservedConcurrency: BROWSER_CONCURRENCY } } : {}),
        settings,
        environment: {
          // Prepare takes over a lock older than the run timeout; one value for the whole run.
          SCRAPE_RUN_TIMEOUT_SECONDS: String(run.runTimeoutSeconds),
          // The checks and RecordFailure write the price records that expire.
          ...(task === 'ScrapeUrl' || task === 'RenderUrl' || task === 'RecordFailure'
            ? { PRICE_RETENTION_DAYS: String(run.priceRetentionDays) }
            : {}),
          ...((task === 'ScrapeUrl' || task === 'RenderUrl') && run.scraperContactUrl
            ? { SCRAPER_CONTACT_URL: run.scraperContactUrl }
            : {}),
        },
      });
      bindNeeds(fn, def.needs, resources);
      taskFunctions[task] = fn;
    }
    this.taskFunctions = taskFunctions;

    const definition = buildScrapeDefinition({
      maxConcurrency: run.maxConcurrency,
      timeoutSeconds: run.runTimeoutSeconds,
    });
    const logs = new LogGroup(this, 'StateMachineLogs', {
      logGroupName: vendedLogGroupName(this, 'states', 'scrape-run'),
      retention: RetentionDays.THREE_MONTHS,
    });
    this.stateMachine = new StateMachine(this, 'StateMachine', {
      definitionBody: DefinitionBody.fromString(JSON.stringify(definition)),
      definitionSubstitutions: Object.fromEntries(
        Object.entries(taskFunctions).map(([task, fn]) => [
          arnSubstitution(task as ScrapeTaskName),
          fn.functionArn,
        ]),
      ),
      // The run's timeout lives in the definition (TimeoutSeconds), where the local runner sees it too.
      // Errors only: the Distributed Map's Express children log with this setting, and at ALL a
      // 30,000-URL run wrote ~10 events per URL. The run itself keeps its full history in Step
      // Functions (a Standard execution), and each check its record in the table.
      logs: { destination: logs, level: LogLevel.ERROR, includeExecutionData: true },
      tracingEnabled: true,
    });
    // A string definition grants nothing by itself: invoking exactly the task functions, unqualified
    // (the definition names them by plain ARN, so no version or alias wildcard either).
    this.stateMachine.addToRolePolicy(
      new PolicyStatement({
        actions: ['lambda:InvokeFunction'],
        resources: Object.values(taskFunctions).map((fn) => fn.functionArn),
      }),
    );
    // The Map reads the run's items (ItemReader) and writes its children's answers (ResultWriter)
    // under the run files' prefix, nothing else of the bucket.
    this.stateMachine.addToRolePolicy(
      new PolicyStatement({
        actions: runFilesMapActions,
        resources: [resources.dataBucket.arnForObjects(`${RUN_FILES_PREFIX}*`)],
      }),
    );
    acknowledgeRunFiles(this.stateMachine, resources.dataBucket);
    // The Distributed Map starts, watches and stops one child execution per batch of URLs, of this state
    // machine only. A policy of its own, as CDK does for its DistributedMap: the role's default
    // policy would make the state machine depend on a policy that names it.
    const childExecutions = new Policy(this, 'ChildExecutionsPolicy');
    const stateMachineLogicalId = Stack.of(this).getLogicalId(
      this.stateMachine.node.defaultChild as CfnElement,
    );
    this.stateMachine.grantStartExecution(childExecutions);
    this.stateMachine.grantExecution(childExecutions, 'states:DescribeExecution', 'states:StopExecution');
    this.stateMachine.role.attachInlinePolicy(childExecutions);
    acknowledge(
      childExecutions,
      'The Distributed Map child executions of this state machine have names Step Functions makes up: ' +
        'Describe/StopExecution are granted on execution:<this state machine>:*, nothing wider.',
      `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:states:<AWS::Region>:<AWS::AccountId>:execution:{"Fn::Select":[6,{"Fn::Split":[":",{"Ref":"${stateMachineLogicalId}"}]}]}:*]`,
    );
    acknowledge(
      this.stateMachine,
      'Step Functions requires logs:CreateLogDelivery and the other log-delivery actions, and the X-Ray ' +
        'segment and sampling actions, on Resource "*"; CDK adds exactly those for logging and tracing.',
      'AwsSolutions-IAM5[Resource::*]',
    );
    acknowledge(
      this.stateMachine,
      'Errors only, on purpose: the Express children of the Distributed Map log with this setting (about ' +
        '10 events a URL at ALL), the run keeps its full history as a Standard execution, and every ' +
        'check its record in the table.',
      'AwsSolutions-SF1',
    );

    this.statusChangeFunction = appFunction(this, 'StatusChange', {
      description: 'Check My Price scrape run: closes runs whose execution failed, timed out or was aborted',
      entry: statusChangeTask.entry,
      memorySize: 512,
      timeoutSeconds: statusChangeTask.timeoutSeconds,
      settings,
    });
    bindNeeds(this.statusChangeFunction, statusChangeTask.needs, resources);
    this.statusChangeRule = new Rule(this, 'StatusChangeRule', {
      description: 'Check My Price: a scrape run execution ended without Finalize',
      eventPattern: {
        source: ['aws.states'],
        detailType: ['Step Functions Execution Status Change'],
        detail: {
          status: ABANDONED_EXECUTION_STATUSES,
          stateMachineArn: [this.stateMachine.stateMachineArn],
        },
      },
      targets: [new LambdaFunction(this.statusChangeFunction)],
    });

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
