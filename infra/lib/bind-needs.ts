import { ArnFormat, Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IEventBus, IRule } from 'aws-cdk-lib/aws-events';
import { Grant } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import type { IConstruct } from 'constructs';
import type { runCompletedTarget } from '../../functions/src/alerts/run-events';
import type { importQueuedTarget } from '../../functions/src/catalogue/csv/import-events';
import { tableDefinition } from '../../functions/src/data/table';
import type { RouteGroupDef } from '../../functions/src/http/routes';
import {
  EXPORT_FILES_PREFIX,
  RUN_FILES_PREFIX,
  UPLOAD_FILES_PREFIX,
} from '../../functions/src/lib/data-bucket';
import type { ecbRatesTarget } from '../../functions/src/pricing/ecb-rates-target';
import type { TaskDef } from '../../functions/src/scrape-run/tasks';
import type { SesSettings } from './app-settings';
import { grantBedrockModel } from './bedrock-access';
import { acknowledge } from './nag';

export type Need =
  | RouteGroupDef['needs'][number]
  | TaskDef['needs'][number]
  | (typeof runCompletedTarget)['needs'][number]
  | (typeof importQueuedTarget)['needs'][number]
  | (typeof ecbRatesTarget)['needs'][number];

/** The resources a route group or a scrape-run task may need. */
export interface NeedResources {
  readonly table: ITable;
  readonly tokenSecret: ISecret;
  /** Run items and results (decision 66). */
  readonly dataBucket: IBucket;
  /**
   * The value CloudFront sends in `x-origin-verify`, so the API can tell it from direct callers.
   * Only route groups need it; the scrape-run tasks are not called over HTTP.
   */
  readonly originVerifySecret?: ISecret;
  /**
   * The scrape-run state machine and its timeout. Absent while the state machine is being built:
   * its own tasks do not need it, and asking for it then fails the synth.
   */
  readonly scrapeRun?: {
    readonly stateMachine: StateMachine;
    readonly timeoutSeconds: number;
    /** The rule that starts scheduled runs: it holds the schedule, which admins change (decision 55). */
    readonly scheduleRule: IRule;
  };
  /** The discovery state machine (issue 32) and its jobs' timeout: the competitors group starts jobs. */
  readonly discovery?: { readonly stateMachine: StateMachine; readonly timeoutSeconds: number };
  /** Bedrock model or inference-profile id; null: no LLM tier, so no Bedrock access at all. */
  readonly bedrockModelId: string | null;
  /** The bus a run's end is published on (`RunCompleted`, for the alerts). */
  readonly runEvents?: IEventBus;
  /**
   * What sending alerts takes: the app's address for their links, and the SES sender (null: none
   * set, so no e-mail and no SES access).
   */
  readonly alertDelivery?: { readonly appUrl: string; readonly ses: SesSettings | null };
}

type Binder = (fn: LambdaFunction, resources: NeedResources) => void;

/**
 * The item actions of each table need; a function with several gets their union in one statement.
 * Only what the code sends: GetItem, Query, PutItem, UpdateItem, DeleteItem, BatchWriteItem (batch
 * deletes) and BatchGetItem (Finalize reads its run's records consistently). No Scan anywhere.
 */
export const tableActions = {
  tableRead: ['dynamodb:GetItem', 'dynamodb:Query'],
  table: [
    'dynamodb:BatchWriteItem',
    'dynamodb:DeleteItem',
    'dynamodb:GetItem',
    'dynamodb:PutItem',
    'dynamodb:Query',
    'dynamodb:UpdateItem',
  ],
  tableBatchRead: ['dynamodb:BatchGetItem'],
} as const;

type TableNeed = keyof typeof tableActions;
type OtherNeed = Exclude<Need, TableNeed>;

const isTableNeed = (need: Need): need is TableNeed => need in tableActions;

/** Each other need grants exactly its access and sets the settings the code reads, in one place. */
const binders: Record<OtherNeed, Binder> = {
  tokenSecret: (fn, { tokenSecret }) => {
    tokenSecret.grantRead(fn);
    fn.addEnvironment('TOKEN_SECRET_ARN', tokenSecret.secretArn);
  },
  originVerify: (fn, { originVerifySecret }) => {
    if (!originVerifySecret) throw notProvided(fn, 'originVerify');
    originVerifySecret.grantRead(fn);
    fn.addEnvironment('ORIGIN_VERIFY_SECRET_ARN', originVerifySecret.secretArn);
  },
  stateMachine: (fn, { scrapeRun }) => {
    if (!scrapeRun) throw notProvided(fn, 'stateMachine');
    grantRunControl(fn, scrapeRun.stateMachine, 'scrape-run');
    fn.addEnvironment('STATE_MACHINE_ARN', scrapeRun.stateMachine.stateMachineArn);
    fn.addEnvironment('SCRAPE_RUN_TIMEOUT_SECONDS', String(scrapeRun.timeoutSeconds));
  },
  discoveryMachine: (fn, { discovery }) => {
    if (!discovery) throw notProvided(fn, 'discoveryMachine');
    grantRunControl(fn, discovery.stateMachine, 'discovery');
    fn.addEnvironment('DISCOVERY_STATE_MACHINE_ARN', discovery.stateMachine.stateMachineArn);
    fn.addEnvironment('DISCOVERY_TIMEOUT_SECONDS', String(discovery.timeoutSeconds));
  },
  scheduleRule: (fn, { scrapeRun }) => {
    if (!scrapeRun) throw notProvided(fn, 'scheduleRule');
    Grant.addToPrincipal({
      grantee: fn,
      // What schedule-rule.ts sends, on the one rule.
      actions: ['events:DescribeRule', 'events:PutRule'],
      resourceArns: [scrapeRun.scheduleRule.ruleArn],
    });
    fn.addEnvironment('SCHEDULE_RULE_NAME', scrapeRun.scheduleRule.ruleName);
  },
  bedrock: (fn, { bedrockModelId }) => {
    if (bedrockModelId === null) return;
    grantBedrockModel(fn, bedrockModelId);
    fn.addEnvironment('BEDROCK_MODEL_ID', bedrockModelId);
  },
  runFilesWrite: (fn, { dataBucket }) => grantRunFiles(fn, dataBucket, ['s3:PutObject']),
  runFilesRead: (fn, { dataBucket }) => grantRunFiles(fn, dataBucket, ['s3:GetObject']),
  // Puts the file, and signs the link with its own role, which must be able to read it.
  exportFiles: (fn, { dataBucket }) =>
    grantDataObjects(
      fn,
      dataBucket,
      EXPORT_FILES_PREFIX,
      ['s3:PutObject', 's3:GetObject'],
      EXPORT_FILES_REASON,
    ),
  // Signs the upload form with its own role (the browser's POST is allowed as it), and reads the file.
  uploadFiles: (fn, { dataBucket }) =>
    grantDataObjects(
      fn,
      dataBucket,
      UPLOAD_FILES_PREFIX,
      ['s3:PutObject', 's3:GetObject'],
      UPLOAD_FILES_REASON,
    ),
  // The import function reads the file an import names.
  uploadFilesRead: (fn, { dataBucket }) =>
    grantDataObjects(fn, dataBucket, UPLOAD_FILES_PREFIX, ['s3:GetObject'], UPLOAD_FILES_REASON),
  runEvents: (fn, { runEvents }) => {
    if (!runEvents) throw notProvided(fn, 'runEvents');
    runEvents.grantPutEventsTo(fn);
    fn.addEnvironment('EVENT_BUS_NAME', runEvents.eventBusName);
  },
  // Each host's proxy password is a secret of its own, made when an admin sets the proxy.
  proxySecrets: (fn, resources) =>
    grantProxySecrets(fn, resources, [
      'secretsmanager:CreateSecret',
      'secretsmanager:DeleteSecret',
      'secretsmanager:GetSecretValue',
      'secretsmanager:PutSecretValue',
    ]),
  // The checks read a host's proxy password when its settings name a proxy.
  proxySecretsRead: (fn, resources) => grantProxySecrets(fn, resources, ['secretsmanager:GetSecretValue']),
  ses: (fn, { alertDelivery }) => {
    if (!alertDelivery) throw notProvided(fn, 'ses');
    fn.addEnvironment('APP_URL', alertDelivery.appUrl);
    const { ses } = alertDelivery;
    if (!ses) return;
    Grant.addToPrincipal({
      grantee: fn,
      actions: ['ses:SendEmail'],
      resourceArns: [sesIdentityArn(fn, ses)],
    });
    fn.addEnvironment('SES_FROM_ADDRESS', ses.fromAddress);
    if (ses.region) fn.addEnvironment('SES_REGION', ses.region);
  },
};

/**
 * `actions` on the competitor hosts' proxy passwords: the secrets under the stateful stack's
 * `host-proxy/` prefix (named when an admin sets a proxy), and their prefix in PROXY_SECRET_PREFIX.
 */
function grantProxySecrets(fn: LambdaFunction, { table }: NeedResources, actions: string[]): void {
  const prefix = `${Stack.of(table).stackName}/host-proxy/`;
  Grant.addToPrincipal({
    grantee: fn,
    actions,
    resourceArns: [
      Stack.of(fn).formatArn({
        service: 'secretsmanager',
        resource: 'secret',
        resourceName: `${prefix}*`,
        arnFormat: ArnFormat.COLON_RESOURCE_NAME,
      }),
    ],
  });
  fn.addEnvironment('PROXY_SECRET_PREFIX', prefix);
  acknowledge(
    fn,
    "Each competitor host's proxy password is a secret named when an admin sets it: the wildcard " +
      "covers the secrets under the app's host-proxy/ prefix (and their random suffix) and nothing else.",
    `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:secretsmanager:<AWS::Region>:<AWS::AccountId>:secret:${prefix}*]`,
  );
}

/** The object actions of the state machine's Map on the run files: ItemReader reads, ResultWriter writes. */
export const runFilesMapActions = [
  's3:AbortMultipartUpload',
  's3:GetObject',
  's3:ListMultipartUploadParts',
  's3:PutObject',
];

const RUN_FILES_REASON =
  'A run writes its items and results under runs/<run id>/, named when the run starts: the ' +
  'wildcard covers the run files of the data bucket and nothing else.';
const UPLOAD_FILES_REASON =
  'Each large import file is sent under uploads/ with a key of its own, made when its form is ' +
  'asked for: the wildcard covers the upload files of the data bucket and nothing else.';
const EXPORT_FILES_REASON =
  'Each large export is written under exports/ with a key of its own, made when it is asked for: ' +
  'the wildcard covers the export files of the data bucket and nothing else.';

/** `actions` on the run files (`runs/*`) of the data bucket, and the bucket's name in DATA_BUCKET. */
function grantRunFiles(fn: LambdaFunction, bucket: IBucket, actions: string[]): void {
  grantDataObjects(fn, bucket, RUN_FILES_PREFIX, actions, RUN_FILES_REASON);
}

/** `actions` on the objects under `prefix` of the data bucket, and the bucket's name in DATA_BUCKET. */
function grantDataObjects(
  fn: LambdaFunction,
  bucket: IBucket,
  prefix: string,
  actions: string[],
  reason: string,
): void {
  Grant.addToPrincipal({ grantee: fn, actions, resourceArns: [bucket.arnForObjects(`${prefix}*`)] });
  fn.addEnvironment('DATA_BUCKET', bucket.bucketName);
  acknowledgeDataObjects(fn, bucket, prefix, reason);
}

/** cdk-nag's finding for the state machine's wildcard under the run files' prefix (its Map's reader and writer). */
export function acknowledgeRunFiles(scope: IConstruct, bucket: IBucket): void {
  acknowledgeDataObjects(scope, bucket, RUN_FILES_PREFIX, RUN_FILES_REASON);
}

/**
 * cdk-nag's finding for an object wildcard under one prefix of the data bucket, with why it is the
 * least. The bucket comes from the stateful stack by its exported name, which the finding shows.
 */
function acknowledgeDataObjects(scope: IConstruct, bucket: IBucket, prefix: string, reason: string): void {
  const name = Stack.of(scope).resolve(bucket.bucketName) as unknown;
  const exported =
    typeof name === 'object' && name !== null && 'Fn::ImportValue' in name
      ? String((name as { 'Fn::ImportValue': unknown })['Fn::ImportValue'])
      : String(name);
  acknowledge(scope, reason, `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::${exported}/${prefix}*]`);
}

/** `arn:aws:ses:<region>:<account>:identity/<identity>`: sending as the one verified sender. */
export function sesIdentityArn(scope: LambdaFunction, ses: SesSettings): string {
  return Stack.of(scope).formatArn({
    service: 'ses',
    ...(ses.region ? { region: ses.region } : {}),
    resource: 'identity',
    resourceName: ses.identity,
    arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
  });
}

/**
 * Grants a function what its route group or task `needs` and wires the matching environment.
 * @example bindNeeds(fn, routeGroups.auth.needs, { table, tokenSecret, originVerifySecret, bedrockModelId: null })
 */
export function bindNeeds(fn: LambdaFunction, needs: readonly Need[], resources: NeedResources): void {
  const unique = [...new Set(needs)];
  const actions = new Set(unique.filter(isTableNeed).flatMap((need) => tableActions[need]));
  if (actions.size > 0) {
    grantTableData(fn, resources.table, [...actions].sort());
    fn.addEnvironment('TABLE_NAME', resources.table.tableName);
  }
  for (const need of unique) if (!isTableNeed(need)) binders[need](fn, resources);
}

// Like table.grantReadWriteData, but only the given actions, and naming each index of the table
// definition instead of `<table>/index/*`: no wildcard, and nothing for cdk-nag to excuse.
function grantTableData(fn: LambdaFunction, table: ITable, actions: string[]): void {
  const indexArns = tableDefinition.globalSecondaryIndexes.map(
    (index) => `${table.tableArn}/index/${index.indexName}`,
  );
  Grant.addToPrincipal({ grantee: fn, actions, resourceArns: [table.tableArn, ...indexArns] });
}

/** What starting and stopping runs takes: StartExecution on the machine, the rest on its executions. */
export const runControlActions = {
  stateMachine: ['states:StartExecution'],
  executions: ['states:DescribeExecution', 'states:StopExecution'],
};

/** `arn:…:execution:<state machine name>:*`: every execution of this one state machine. */
export function executionsArn(stateMachine: StateMachine): string {
  return Stack.of(stateMachine).formatArn({
    service: 'states',
    resource: 'execution',
    resourceName: `${stateMachine.stateMachineName}:*`,
    arnFormat: ArnFormat.COLON_RESOURCE_NAME,
  });
}

// Starts executions of this state machine only, and stops or describes only its executions.
// Executions are named when they start (after the run, or by EventBridge), so their names can
// only be matched with a wildcard under this machine's own name.
function grantRunControl(
  fn: LambdaFunction,
  stateMachine: StateMachine,
  which: 'scrape-run' | 'discovery',
): void {
  Grant.addToPrincipal({
    grantee: fn,
    actions: runControlActions.stateMachine,
    resourceArns: [stateMachine.stateMachineArn],
  });
  Grant.addToPrincipal({
    grantee: fn,
    actions: runControlActions.executions,
    resourceArns: [executionsArn(stateMachine)],
  });
  const nameToken = Stack.of(fn).resolve(stateMachine.stateMachineName) as unknown;
  const name = isGetAtt(nameToken) ? `<${nameToken['Fn::GetAtt'].join('.')}>` : String(nameToken);
  acknowledge(
    fn,
    'Stopping a run needs its execution, named only when it starts; the wildcard covers the executions ' +
      `of the ${which} state machine and no other.`,
    `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:states:<AWS::Region>:<AWS::AccountId>:execution:${name}:*]`,
  );
}

const isGetAtt = (value: unknown): value is { 'Fn::GetAtt': string[] } =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as Record<string, unknown>)['Fn::GetAtt']);

// Failing the synth beats deploying a function that is denied at its first call.
function notProvided(fn: LambdaFunction, need: Need): Error {
  return new Error(`${fn.node.path} needs '${need}', which is not provided to it (infra/lib/bind-needs.ts)`);
}
