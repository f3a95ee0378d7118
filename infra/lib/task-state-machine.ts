import { type CfnElement, Stack } from 'aws-cdk-lib';
import { Rule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Policy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { DefinitionBody, LogLevel, StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { RUN_FILES_PREFIX } from '../../functions/src/lib/data-bucket';
import { ABANDONED_EXECUTION_STATUSES } from '../../functions/src/scrape-run/run-endings';
import { arnSubstitution, type TaskDef } from '../../functions/src/scrape-run/tasks';
import { appFunction, vendedLogGroupName } from './app-function';
import type { AppSettings } from './app-settings';
import { acknowledgeRunFiles, bindNeeds, type NeedResources, runFilesMapActions } from './bind-needs';
import { acknowledge } from './nag';

/**
 * Every task at 512 MB unless its TaskDef says otherwise. ScrapeUrl parses whole pages, and
 * Lambda's CPU grows with memory, but it mostly waits (the shop, its pacing, Bedrock) and waiting is
 * billed per GB-second: `npm run bench:extract` puts extraction at 0.29 vCPU at p50 ~0.1 s and p95
 * under 1 s of a ~2.3 s check, and the largest corpus page at under 100 MB more, so 1,024 MB would
 * double the cost for a few percent of speed.
 */
const TASK_MEMORY_MB = 512;
/**
 * Pages rendered at once, at most, per browser function (issue 31: its own reserved concurrency): a
 * fifth of the plain checks' 40, so a run whose pages mostly need the browser cannot take the
 * account's whole Lambda concurrency, and a throttled render is retried by the state machine.
 */
const BROWSER_CONCURRENCY = 10;

export interface TaskStateMachineProps<T extends string> {
  /** What its functions' descriptions call it: 'scrape run', 'discovery'. */
  readonly name: string;
  readonly logGroupSuffix: string;
  readonly tasks: Readonly<Record<T, TaskDef>>;
  /** The definition, its Resources `${<Task>FunctionArn}` (lambdaResource). */
  readonly definition: unknown;
  readonly settings: AppSettings;
  readonly resources: Omit<NeedResources, 'scrapeRun'>;
  readonly environment?: (task: T) => Record<string, string>;
}

/**
 * A state machine of the one definition (decision 12) with a Lambda per Task, in `scope`: the scrape
 * run's and the discovery job's. Its role invokes exactly its task functions, its Distributed Map
 * reads and writes the run files, and starts, watches and stops its own children only.
 */
export function taskStateMachine<T extends string>(
  scope: Construct,
  props: TaskStateMachineProps<T>,
): { stateMachine: StateMachine; taskFunctions: Record<T, NodejsFunction> } {
  const { settings, resources } = props;
  const taskFunctions = {} as Record<T, NodejsFunction>;
  for (const [task, def] of Object.entries(props.tasks) as [T, TaskDef][]) {
    const fn = appFunction(scope, task, {
      description: `Check My Price ${props.name}: the ${task} task`,
      entry: def.entry,
      memorySize: def.memoryMb ?? TASK_MEMORY_MB,
      timeoutSeconds: def.timeoutSeconds,
      ...(def.browser ? { browser: { reservedConcurrency: BROWSER_CONCURRENCY } } : {}),
      settings,
      environment: props.environment?.(task) ?? {},
    });
    bindNeeds(fn, def.needs, resources);
    taskFunctions[task] = fn;
  }

  const logs = new LogGroup(scope, 'StateMachineLogs', {
    logGroupName: vendedLogGroupName(scope, 'states', props.logGroupSuffix),
    retention: RetentionDays.THREE_MONTHS,
  });
  const stateMachine = new StateMachine(scope, 'StateMachine', {
    definitionBody: DefinitionBody.fromString(JSON.stringify(props.definition)),
    definitionSubstitutions: Object.fromEntries(
      (Object.entries(taskFunctions) as [T, NodejsFunction][]).map(([task, fn]) => [
        arnSubstitution(task),
        fn.functionArn,
      ]),
    ),
    // The timeout lives in the definition (TimeoutSeconds), where the local runner sees it too.
    // Errors only: the Distributed Map's Express children log with this setting, and at ALL a
    // 30,000-URL run wrote ~10 events per URL. The execution keeps its full history in Step
    // Functions (a Standard execution), and each item its record in the table.
    logs: { destination: logs, level: LogLevel.ERROR, includeExecutionData: true },
    tracingEnabled: true,
  });
  // A string definition grants nothing by itself: invoking exactly the task functions, unqualified
  // (the definition names them by plain ARN, so no version or alias wildcard either).
  stateMachine.addToRolePolicy(
    new PolicyStatement({
      actions: ['lambda:InvokeFunction'],
      resources: Object.values<NodejsFunction>(taskFunctions).map((fn) => fn.functionArn),
    }),
  );
  // The Map reads its items (ItemReader) and writes its children's answers (ResultWriter) under the
  // run files' prefix, nothing else of the bucket.
  stateMachine.addToRolePolicy(
    new PolicyStatement({
      actions: runFilesMapActions,
      resources: [resources.dataBucket.arnForObjects(`${RUN_FILES_PREFIX}*`)],
    }),
  );
  acknowledgeRunFiles(stateMachine, resources.dataBucket);
  // The Distributed Map starts, watches and stops one child execution per batch, of this state
  // machine only. A policy of its own, as CDK does for its DistributedMap: the role's default policy
  // would make the state machine depend on a policy that names it.
  const childExecutions = new Policy(scope, 'ChildExecutionsPolicy');
  const stateMachineLogicalId = Stack.of(scope).getLogicalId(stateMachine.node.defaultChild as CfnElement);
  stateMachine.grantStartExecution(childExecutions);
  stateMachine.grantExecution(childExecutions, 'states:DescribeExecution', 'states:StopExecution');
  stateMachine.role.attachInlinePolicy(childExecutions);
  acknowledge(
    childExecutions,
    'The Distributed Map child executions of this state machine have names Step Functions makes up: ' +
      'Describe/StopExecution are granted on execution:<this state machine>:*, nothing wider.',
    `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:states:<AWS::Region>:<AWS::AccountId>:execution:{"Fn::Select":[6,{"Fn::Split":[":",{"Ref":"${stateMachineLogicalId}"}]}]}:*]`,
  );
  acknowledge(
    stateMachine,
    'Step Functions requires logs:CreateLogDelivery and the other log-delivery actions, and the X-Ray ' +
      'segment and sampling actions, on Resource "*"; CDK adds exactly those for logging and tracing.',
    'AwsSolutions-IAM5[Resource::*]',
  );
  acknowledge(
    stateMachine,
    'Errors only, on purpose: the Express children of the Distributed Map log with this setting (about ' +
      '10 events an item at ALL), the execution keeps its full history as a Standard execution, and ' +
      'every item its record in the table.',
    'AwsSolutions-SF1',
  );
  return { stateMachine, taskFunctions };
}

/**
 * The rule that hands the state machine's failed, timed-out and aborted executions to the
 * status-change handler, which ends their run or job (nothing else would).
 */
export function abandonedExecutionsRule(
  scope: Construct,
  stateMachine: StateMachine,
  handler: NodejsFunction,
  description: string,
): Rule {
  return new Rule(scope, 'StatusChangeRule', {
    description,
    eventPattern: {
      source: ['aws.states'],
      detailType: ['Step Functions Execution Status Change'],
      detail: { status: ABANDONED_EXECUTION_STATUSES, stateMachineArn: [stateMachine.stateMachineArn] },
    },
    targets: [new LambdaFunction(handler)],
  });
}
