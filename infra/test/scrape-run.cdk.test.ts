import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, type CfnResource, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeGroups } from '../../functions/src/http/routes';
import {
  BEDROCK_THROTTLED,
  buildScrapeDefinition,
  LAMBDA_SERVICE_ERRORS,
  substitute,
} from '../../functions/src/scrape-run/state-machine';
import {
  arnSubstitution,
  type ScrapeTaskName,
  scrapeTasks,
  statusChangeTask,
} from '../../functions/src/scrape-run/tasks';
import { checkMyPrice } from '../lib/check-my-price';
import { readScrapeRunSettings } from '../lib/scrape-run-settings';

// Apps synthesized without bundling (decision 16) with cdk.json's feature flags. Every scrape-run
// setting is given as context, away from its default, so each one is seen reaching the template.
const scratch = mkdtempSync(join(tmpdir(), 'cmp-cdk-scrape-run-'));
const webDistDir = join(scratch, 'web');
const { context: cdkContext } = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8'));

const profileId = 'eu.anthropic.claude-3-7-sonnet-20250219-v1:0';
const configured = {
  scrapeMaxConcurrency: 25,
  scrapeRunTimeoutSeconds: 5400,
  scrapeSchedule: 'cron(30 4 * * ? *)',
  scheduleEnabled: true,
  bedrockModelId: profileId,
  scraperContactUrl: 'https://shop.example/about-our-bot',
};

type Built = ReturnType<typeof checkMyPrice> & { template: Template; app: App };
let appCount = 0;
function build(context: Record<string, unknown>): Built {
  const app = new App({
    outdir: join(scratch, `cdk-${appCount++}.out`),
    context: { ...cdkContext, 'aws:cdk:bundling-stacks': [], ...context },
  });
  const built = checkMyPrice(app, { webDistDir });
  return { ...built, app, template: Template.fromStack(built.stateless) };
}

let main: Built;
// The first synth of a process loads most of aws-cdk-lib, which can take longer than a hook's 10 s.
beforeAll(() => {
  mkdirSync(webDistDir);
  writeFileSync(join(webDistDir, 'index.html'), '<!doctype html><title>Check My Price</title>');
  main = build(configured);
}, 120_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const tasks = Object.keys(scrapeTasks) as ScrapeTaskName[];

// Template JSON is untyped; the assertions below say what shape they expect.
// biome-ignore lint/suspicious/noExplicitAny: CloudFormation template fragments
type Json = any;
const logicalIdOf = (stack: Stack, construct: { node: { defaultChild?: unknown } }) =>
  stack.resolve((construct.node.defaultChild as CfnResource).logicalId) as string;
const resourceOf = (built: Built, logicalId: string): Json => built.template.toJSON().Resources[logicalId];

/** How `flat` writes a Ref or GetAtt: `${AWS::Region}`, `${Fn.Arn}` (Fn::Sub style). */
const ref = (name: string) => `\${${name}}`;

/** A CloudFormation string expression as text: `arn:${AWS::Partition}:…:${Fn.Name}`. */
function flat(value: Json): string {
  if (typeof value === 'string') return value;
  if (value?.Ref) return ref(value.Ref);
  if (value?.['Fn::GetAtt']) return ref(value['Fn::GetAtt'].join('.'));
  if (value?.['Fn::GetStackOutput'])
    return ref(`${value['Fn::GetStackOutput'].StackName}.${value['Fn::GetStackOutput'].OutputName}`);
  if (value?.['Fn::Join']) {
    const [separator, parts] = value['Fn::Join'];
    return parts.map(flat).join(separator);
  }
  if (value?.['Fn::Select']?.[1]?.['Fn::Split']) {
    const [
      index,
      {
        'Fn::Split': [separator, text],
      },
    ] = value['Fn::Select'];
    return `part ${index} of ${flat(text)} split at '${separator}'`;
  }
  throw new Error(`Not a string expression: ${JSON.stringify(value)}`);
}
const resourcesOf = (statement: Json): string[] =>
  (Array.isArray(statement.Resource) ? statement.Resource : [statement.Resource]).map(flat);
const actionsOf = (statement: Json): string[] =>
  Array.isArray(statement.Action) ? statement.Action : [statement.Action];

/** Every statement of the policies attached to a role. */
function statementsOfRole(built: Built, roleId: string): Json[] {
  return Object.values(
    built.template.findResources('AWS::IAM::Policy', { Properties: { Roles: [{ Ref: roleId }] } }),
  ).flatMap((policy: Json) => policy.Properties.PolicyDocument.Statement);
}
const statementsOfFunction = (built: Built, functionId: string) =>
  statementsOfRole(built, resourceOf(built, functionId).Properties.Role['Fn::GetAtt'][0]);

const scrapeRunOf = (built: Built) => built.stateless.scrapeRun;
const stateMachineId = (built: Built) => logicalIdOf(built.stateless, scrapeRunOf(built).stateMachine);
const taskFunctionId = (built: Built, task: ScrapeTaskName) =>
  logicalIdOf(built.stateless, scrapeRunOf(built).taskFunctions[task]);
const stateMachineOf = (built: Built): Json => resourceOf(built, stateMachineId(built));
const deployedDefinition = (built: Built): Json =>
  JSON.parse(stateMachineOf(built).Properties.DefinitionString);
const bedrockStatements = (built: Built) =>
  Object.values(built.template.findResources('AWS::IAM::Policy'))
    .flatMap((policy: Json) => policy.Properties.PolicyDocument.Statement)
    .filter((statement: Json) => actionsOf(statement).some((action) => action.startsWith('bedrock:')));

describe('the state machine', () => {
  it('is the definition builder’s output for the configured concurrency and timeout', () => {
    expect(deployedDefinition(main)).toEqual(
      buildScrapeDefinition({ maxConcurrency: 25, timeoutSeconds: 5400 }),
    );
    expect(deployedDefinition(main)).toMatchObject({
      TimeoutSeconds: 5400,
      States: { ScrapeUrls: { MaxConcurrency: 25 } },
    });
  });

  it('fills every task’s Resource with the ARN of that task’s own function', () => {
    const substitutions = stateMachineOf(main).Properties.DefinitionSubstitutions;
    expect(Object.keys(substitutions).sort()).toEqual(tasks.map(arnSubstitution).sort());
    for (const task of tasks) {
      expect(substitutions[arnSubstitution(task)]).toEqual({
        'Fn::GetAtt': [taskFunctionId(main, task), 'Arn'],
      });
    }

    // What Step Functions ends up running: the template's string with its substitutions applied,
    // against the builder's definition with each task's function ARN put in by `substitute`.
    const arnText = (value: Json) => `arn-of:${value['Fn::GetAtt'].join('.')}`;
    const running = JSON.parse(
      stateMachineOf(main).Properties.DefinitionString.replace(/\$\{(\w+)\}/g, (_: string, key: string) =>
        arnText(substitutions[key]),
      ),
    );
    const arns = Object.fromEntries(
      tasks.map((task) => [task, arnText({ 'Fn::GetAtt': [taskFunctionId(main, task), 'Arn'] })]),
    ) as Record<ScrapeTaskName, string>;
    expect(running).toEqual(
      JSON.parse(substitute(buildScrapeDefinition({ maxConcurrency: 25, timeoutSeconds: 5400 }), arns)),
    );
    expect(JSON.stringify(running)).not.toContain('${');
    expect(running.States.ScrapeUrls.ItemProcessor.States.ScrapeUrl.Resource).toBe(arns.ScrapeUrl);
  });

  it('retries Lambda service errors and throttling, and Bedrock throttling, with capped full-jitter backoff', () => {
    const definition = deployedDefinition(main);
    const lambdaRetry = {
      ErrorEquals: expect.arrayContaining(['Lambda.ServiceException', 'Lambda.TooManyRequestsException']),
      BackoffRate: expect.any(Number),
      MaxAttempts: expect.any(Number),
      MaxDelaySeconds: expect.any(Number),
      JitterStrategy: 'FULL',
    };
    const inner = definition.States.ScrapeUrls.ItemProcessor.States;
    for (const state of [
      definition.States.Prepare,
      definition.States.Finalize,
      inner.ScrapeUrl,
      inner.RecordFailure,
    ]) {
      expect(state.Retry).toContainEqual(expect.objectContaining(lambdaRetry));
      const retry = state.Retry.find((r: Json) => r.ErrorEquals.includes('Lambda.TooManyRequestsException'));
      expect(retry.ErrorEquals).toEqual(LAMBDA_SERVICE_ERRORS);
      expect(retry.BackoffRate).toBeGreaterThan(1);
      expect(retry.MaxDelaySeconds).toBeGreaterThan(retry.IntervalSeconds);
    }
    expect(inner.ScrapeUrl.Retry).toContainEqual(
      expect.objectContaining({
        ErrorEquals: [BEDROCK_THROTTLED],
        JitterStrategy: 'FULL',
        MaxDelaySeconds: expect.any(Number),
        BackoffRate: expect.any(Number),
      }),
    );
  });

  it('catches any failure of one URL into RecordFailure, so the run goes on', () => {
    const definition = deployedDefinition(main);
    const map = definition.States.ScrapeUrls;
    expect(map).toMatchObject({ Type: 'Map', ItemsPath: '$.urlIds', Next: 'Finalize' });
    expect(map.Catch).toBeUndefined();
    const { ScrapeUrl, RecordFailure } = map.ItemProcessor.States;
    expect(ScrapeUrl.Catch).toEqual([
      { ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'RecordFailure' },
    ]);
    expect(RecordFailure).toMatchObject({ Type: 'Task', End: true });
  });

  it('retries a failing RecordFailure on any error, then ends the item quietly, so it cannot fail the run', () => {
    const states = deployedDefinition(main).States.ScrapeUrls.ItemProcessor.States;
    const { Retry, Catch } = states.RecordFailure;
    // States.ALL must come last: the Lambda service errors keep their own retrier.
    expect(Retry.at(-1)).toEqual(
      expect.objectContaining({
        ErrorEquals: ['States.ALL'],
        JitterStrategy: 'FULL',
        BackoffRate: expect.any(Number),
        MaxAttempts: expect.any(Number),
        MaxDelaySeconds: expect.any(Number),
      }),
    );
    expect(Retry.at(-1).BackoffRate).toBeGreaterThan(1);
    expect(Retry.at(-1).MaxAttempts).toBeGreaterThan(1);
    expect(Retry.at(-1).MaxDelaySeconds).toBeGreaterThan(Retry.at(-1).IntervalSeconds);
    expect(Catch).toHaveLength(1);
    expect(Catch[0].ErrorEquals).toEqual(['States.ALL']);
    expect(states[Catch[0].Next]).toMatchObject({ Type: 'Pass', End: true });
  });

  it('hands Prepare’s URL ids past the Map to Finalize, which reads their records by key', () => {
    const { Prepare, ScrapeUrls, Finalize } = deployedDefinition(main).States;
    expect(Prepare.Next).toBe('ScrapeUrls');
    // ResultPath null: the Map's output is its input, Prepare's { runId, urlIds }.
    expect(ScrapeUrls).toMatchObject({ ItemsPath: '$.urlIds', ResultPath: null, Next: 'Finalize' });
    expect(Finalize.Parameters).toEqual({ 'runId.$': '$.runId', 'urlIds.$': '$.urlIds' });
  });

  it('logs ALL events with execution data to its own log group, and traces with X-Ray', () => {
    const { LoggingConfiguration, TracingConfiguration } = stateMachineOf(main).Properties;
    expect(LoggingConfiguration).toEqual({
      Level: 'ALL',
      IncludeExecutionData: true,
      Destinations: [
        { CloudWatchLogsLogGroup: { LogGroupArn: { 'Fn::GetAtt': [expect.any(String), 'Arn'] } } },
      ],
    });
    const logGroupId =
      LoggingConfiguration.Destinations[0].CloudWatchLogsLogGroup.LogGroupArn['Fn::GetAtt'][0];
    expect(resourceOf(main, logGroupId).Type).toBe('AWS::Logs::LogGroup');
    expect(TracingConfiguration).toEqual({ Enabled: true });
  });

  it('may invoke exactly the four task functions, run its own child executions, and nothing else but logs and X-Ray', () => {
    const roleId = stateMachineOf(main).Properties.RoleArn['Fn::GetAtt'][0];
    const statements = statementsOfRole(main, roleId);
    const invoke = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('lambda:')));
    expect(invoke).toHaveLength(1);
    expect(actionsOf(invoke[0])).toEqual(['lambda:InvokeFunction']);
    expect(resourcesOf(invoke[0]).sort()).toEqual(
      tasks.map((task) => ref(`${taskFunctionId(main, task)}.Arn`)).sort(),
    );

    // The Distributed Map's children: executions of this state machine, none of any other.
    const states = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('states:')));
    const self = ref(stateMachineId(main));
    const executions = `arn:${ref('AWS::Partition')}:states:${ref('AWS::Region')}:${ref('AWS::AccountId')}:execution:part 6 of ${self} split at ':':*`;
    expect(states.map((s) => [actionsOf(s), resourcesOf(s)])).toEqual([
      [['states:StartExecution'], [self]],
      [['states:DescribeExecution', 'states:StopExecution'], [executions]],
    ]);

    const rest = statements.filter((s) => s !== invoke[0] && !states.includes(s));
    for (const statement of rest) {
      for (const action of actionsOf(statement)) expect(action).toMatch(/^(logs|xray):[A-Za-z]+$/);
    }
    expect(statements.every((s) => s.Effect === 'Allow' && !s.NotAction && !s.NotResource)).toBe(true);
  });

  it('lives in the stateless stack', () => {
    main.template.resourceCountIs('AWS::StepFunctions::StateMachine', 1);
    Template.fromStack(main.stateful).resourceCountIs('AWS::StepFunctions::StateMachine', 0);
    Template.fromStack(main.stateful).resourceCountIs('AWS::Lambda::Function', 0);
  });
});

describe('the task functions', () => {
  it('are one nodejs22.x arm64 Lambda per task, with the task’s timeout', () => {
    for (const task of tasks) {
      expect(resourceOf(main, taskFunctionId(main, task)).Properties).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        Timeout: scrapeTasks[task].timeoutSeconds,
        Description: `Check My Price scrape run: the ${task} task`,
      });
    }
    const taskFunctions = Object.values(main.template.findResources('AWS::Lambda::Function')).filter((fn) =>
      String(fn.Properties.Description ?? '').startsWith('Check My Price scrape run: the '),
    );
    expect(taskFunctions).toHaveLength(tasks.length);
    expect(resourceOf(main, taskFunctionId(main, 'ScrapeUrl')).Properties.MemorySize).toBeGreaterThanOrEqual(
      1024,
    );
  });

  it('read the table, the run timeout, and (ScrapeUrl only) the model and contact URL', () => {
    for (const task of tasks) {
      const env = resourceOf(main, taskFunctionId(main, task)).Properties.Environment.Variables;
      expect(env).toMatchObject({
        TABLE_NAME: expect.anything(),
        SCRAPE_RUN_TIMEOUT_SECONDS: '5400',
        POWERTOOLS_SERVICE_NAME: 'check-my-price',
        LOG_LEVEL: 'INFO',
      });
      expect(env.BEDROCK_MODEL_ID).toBe(task === 'ScrapeUrl' ? profileId : undefined);
      expect(env.SCRAPER_CONTACT_URL).toBe(task === 'ScrapeUrl' ? configured.scraperContactUrl : undefined);
      expect(env.STATE_MACHINE_ARN).toBeUndefined();
    }
  });

  it('may use the table, and only ScrapeUrl may call Bedrock', () => {
    for (const task of tasks) {
      const statements = statementsOfFunction(main, taskFunctionId(main, task));
      const services = new Set(statements.flatMap(actionsOf).map((action) => action.split(':')[0]));
      expect([...services].sort()).toEqual(task === 'ScrapeUrl' ? ['bedrock', 'dynamodb'] : ['dynamodb']);
    }
  });
});

describe('Bedrock access of ScrapeUrl', () => {
  const scrapeUrlBedrock = (built: Built) =>
    statementsOfFunction(built, taskFunctionId(built, 'ScrapeUrl')).filter((s) =>
      actionsOf(s).some((a) => a.startsWith('bedrock:')),
    );
  const region = ref('AWS::Region');
  const partition = ref('AWS::Partition');
  const account = ref('AWS::AccountId');

  it('with an inference profile: the profile here, and its model wherever it routes, only through it', () => {
    const profileArn = `arn:${partition}:bedrock:${region}:${account}:inference-profile/${profileId}`;
    const statements = scrapeUrlBedrock(main);
    expect(statements).toHaveLength(2);
    expect(statements.flatMap(actionsOf)).toEqual(['bedrock:InvokeModel', 'bedrock:InvokeModel']);
    expect(resourcesOf(statements[0])).toEqual([profileArn]);
    expect(statements[0].Condition).toBeUndefined();
    expect(resourcesOf(statements[1])).toEqual([
      `arn:${partition}:bedrock:*::foundation-model/anthropic.claude-3-7-sonnet-20250219-v1:0`,
    ]);
    expect(flat(statements[1].Condition.ArnLike['bedrock:InferenceProfileArn'])).toBe(profileArn);
    expect(Object.keys(statements[1].Condition)).toEqual(['ArnLike']);
    // Nobody else may call Bedrock.
    expect(bedrockStatements(main)).toHaveLength(2);
  });

  it('with a foundation model id: that model in this Region, nothing more', () => {
    const built = build({ ...configured, bedrockModelId: 'anthropic.claude-3-haiku-20240307-v1:0' });
    const statements = scrapeUrlBedrock(built);
    expect(statements).toHaveLength(1);
    expect(actionsOf(statements[0])).toEqual(['bedrock:InvokeModel']);
    expect(resourcesOf(statements[0])).toEqual([
      `arn:${partition}:bedrock:${region}::foundation-model/anthropic.claude-3-haiku-20240307-v1:0`,
    ]);
    expect(statements[0].Condition).toBeUndefined();
    expect(bedrockStatements(built)).toHaveLength(1);
  });

  it('with a global profile: also the region-less model ARN global routing is authorised against', () => {
    const built = build({
      ...configured,
      bedrockModelId: 'global.anthropic.claude-sonnet-4-5-20250929-v1:0',
    });
    const [, models] = scrapeUrlBedrock(built);
    expect(resourcesOf(models)).toEqual([
      `arn:${partition}:bedrock:*::foundation-model/anthropic.claude-sonnet-4-5-20250929-v1:0`,
      `arn:${partition}:bedrock:::foundation-model/anthropic.claude-sonnet-4-5-20250929-v1:0`,
    ]);
    expect(flat(models.Condition.ArnLike['bedrock:InferenceProfileArn'])).toBe(
      `arn:${partition}:bedrock:${region}:${account}:inference-profile/global.anthropic.claude-sonnet-4-5-20250929-v1:0`,
    );
  });

  it('without a model: no Bedrock statement and no model setting anywhere', () => {
    const built = build({ ...configured, bedrockModelId: '' });
    expect(bedrockStatements(built)).toEqual([]);
    for (const fn of Object.values(built.template.findResources('AWS::Lambda::Function'))) {
      expect(fn.Properties.Environment?.Variables?.BEDROCK_MODEL_ID).toBeUndefined();
    }
  });
});

describe('the scraper API', () => {
  const scraperId = (built: Built) =>
    logicalIdOf(built.stateless, built.stateless.api.functions.of('scraper'));

  it('may start this state machine and stop or describe its executions, nothing more', () => {
    const smId = stateMachineId(main);
    const statements = statementsOfFunction(main, scraperId(main)).filter((s) =>
      actionsOf(s).some((a) => a.startsWith('states:')),
    );
    expect(statements.map((s) => ({ actions: actionsOf(s), resources: resourcesOf(s) }))).toEqual([
      { actions: ['states:StartExecution'], resources: [ref(smId)] },
      {
        actions: ['states:DescribeExecution', 'states:StopExecution'],
        resources: [
          `arn:${ref('AWS::Partition')}:states:${ref('AWS::Region')}:${ref('AWS::AccountId')}:execution:${ref(`${smId}.Name`)}:*`,
        ],
      },
    ]);
    for (const statement of statementsOfFunction(main, scraperId(main))) {
      expect(resourcesOf(statement)).not.toContain('*');
      for (const action of actionsOf(statement)) expect(action).not.toContain('*');
      expect(statement.Condition).toBeUndefined();
    }
  });

  it('knows the state machine and the run timeout', () => {
    expect(resourceOf(main, scraperId(main)).Properties.Environment.Variables).toMatchObject({
      STATE_MACHINE_ARN: { Ref: stateMachineId(main) },
      SCRAPE_RUN_TIMEOUT_SECONDS: '5400',
    });
  });

  it('is the only route function that touches Step Functions', () => {
    const groups = Object.keys(routeGroups) as (keyof typeof routeGroups)[];
    for (const group of groups) {
      const id = logicalIdOf(main.stateless, main.stateless.api.functions.of(group));
      const touches = statementsOfFunction(main, id).some((s) =>
        actionsOf(s).some((a) => a.startsWith('states:')),
      );
      expect(touches, group).toBe(group === 'scraper');
    }
  });
});

describe('the schedule', () => {
  const scheduleRules = (built: Built) =>
    (Object.values(built.template.findResources('AWS::Events::Rule')) as Json[]).filter(
      (rule) => rule.Properties.ScheduleExpression,
    );

  it('starts the state machine at the configured times, as a scheduled run', () => {
    const rules = scheduleRules(main);
    expect(rules).toHaveLength(1);
    const [rule] = rules;
    expect(rule.Properties.ScheduleExpression).toBe('cron(30 4 * * ? *)');
    expect(rule.Properties.State).toBe('ENABLED');
    expect(rule.Properties.Targets).toHaveLength(1);
    const [target] = rule.Properties.Targets;
    expect(target.Arn).toEqual({ Ref: stateMachineId(main) });
    expect(JSON.parse(target.Input)).toEqual({ triggeredBy: 'schedule' });

    // Its role may start this state machine and do nothing else.
    const statements = statementsOfRole(main, target.RoleArn['Fn::GetAtt'][0]);
    expect(statements.map((s) => ({ actions: actionsOf(s), resources: resourcesOf(s) }))).toEqual([
      { actions: ['states:StartExecution'], resources: [ref(stateMachineId(main))] },
    ]);
  });

  it('defaults to daily at 06:00 UTC', () => {
    const exported = process.env.SCRAPE_SCHEDULE;
    delete process.env.SCRAPE_SCHEDULE;
    let built: Built;
    try {
      built = build({ ...configured, scrapeSchedule: undefined });
    } finally {
      if (exported !== undefined) process.env.SCRAPE_SCHEDULE = exported;
    }
    expect(scheduleRules(built).map((rule: Json) => rule.Properties.ScheduleExpression)).toEqual([
      'cron(0 6 * * ? *)',
    ]);
  });

  it('is absent when turned off', () => {
    const built = build({ ...configured, scheduleEnabled: false });
    expect(scheduleRules(built)).toEqual([]);
    expect(built.stateless.scrapeRun.scheduleRule).toBeUndefined();
  });
});

describe('the status-change rule', () => {
  it('sends failed, timed-out and aborted executions of this state machine to the status-change Lambda', () => {
    const rules = Object.values(main.template.findResources('AWS::Events::Rule')).filter(
      (rule: Json) => rule.Properties.EventPattern,
    );
    expect(rules).toHaveLength(1);
    const [rule] = rules as Json[];
    expect(rule.Properties.EventPattern).toEqual({
      source: ['aws.states'],
      'detail-type': ['Step Functions Execution Status Change'],
      detail: {
        status: expect.arrayContaining(['FAILED', 'TIMED_OUT', 'ABORTED']),
        stateMachineArn: [{ Ref: stateMachineId(main) }],
      },
    });
    expect(rule.Properties.EventPattern.detail.status).toHaveLength(3);

    const statusChangeId = logicalIdOf(main.stateless, main.stateless.scrapeRun.statusChangeFunction);
    expect(rule.Properties.Targets).toEqual([
      expect.objectContaining({ Arn: { 'Fn::GetAtt': [statusChangeId, 'Arn'] } }),
    ]);
    const ruleId = logicalIdOf(main.stateless, main.stateless.scrapeRun.statusChangeRule);
    main.template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      FunctionName: { 'Fn::GetAtt': [statusChangeId, 'Arn'] },
      Principal: 'events.amazonaws.com',
      SourceArn: { 'Fn::GetAtt': [ruleId, 'Arn'] },
    });
  });

  it('runs the status-change task: nodejs22.x arm64, the table and nothing else', () => {
    const statusChangeId = logicalIdOf(main.stateless, main.stateless.scrapeRun.statusChangeFunction);
    expect(resourceOf(main, statusChangeId).Properties).toMatchObject({
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      Timeout: statusChangeTask.timeoutSeconds,
      Environment: { Variables: { TABLE_NAME: expect.anything() } },
    });
    const services = new Set(
      statementsOfFunction(main, statusChangeId)
        .flatMap(actionsOf)
        .map((action) => action.split(':')[0]),
    );
    expect([...services]).toEqual(['dynamodb']);
  });
});

describe('the failed-runs alarm', () => {
  it('fires on one failed or timed-out execution of this state machine', () => {
    const alarms = Object.values(main.template.findResources('AWS::CloudWatch::Alarm')) as Json[];
    expect(alarms).toHaveLength(1);
    const [{ Properties: alarm }] = alarms;
    expect(alarm).toMatchObject({
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      Threshold: 1,
      EvaluationPeriods: 1,
      TreatMissingData: 'notBreaching',
    });
    const stats = alarm.Metrics.filter((m: Json) => m.MetricStat);
    expect(stats.map((m: Json) => m.MetricStat.Metric.MetricName).sort()).toEqual([
      'ExecutionsFailed',
      'ExecutionsTimedOut',
    ]);
    for (const m of stats) {
      expect(m.MetricStat).toMatchObject({ Stat: 'Sum', Metric: { Namespace: 'AWS/States' } });
      expect(m.MetricStat.Metric.Dimensions).toEqual([
        { Name: 'StateMachineArn', Value: { Ref: stateMachineId(main) } },
      ]);
    }
    const [expression] = alarm.Metrics.filter((m: Json) => m.Expression);
    expect(expression.ReturnData).toBe(true);
    for (const m of stats) expect(expression.Expression).toContain(m.Id);
  });
});

describe('cdk-nag with the scrape run configured', () => {
  it('finds nothing that is not acknowledged, with an inference profile configured', () => {
    const report = new AwsSolutionsChecks().validateScope(main.app);
    const findings = report.violations.map(
      (v) => `${v.ruleName} at ${v.violatingResources.map((r) => r.constructPath).join(', ')}`,
    );
    expect(findings).toEqual([]);
  });
});

describe('scrape-run settings', () => {
  const settingsFrom = (context: Record<string, unknown>, env: NodeJS.ProcessEnv = {}) =>
    readScrapeRunSettings(new App({ context }), env);

  it('default to the functions’ defaults', () => {
    expect(settingsFrom({})).toEqual({
      maxConcurrency: 10,
      runTimeoutSeconds: 14_400,
      schedule: 'cron(0 6 * * ? *)',
      scheduleEnabled: true,
      bedrockModelId: null,
      scraperContactUrl: undefined,
    });
  });

  it('come from the environment, and context wins, even when it is empty', () => {
    const env = {
      SCRAPE_MAX_CONCURRENCY: '20',
      BEDROCK_MODEL_ID: 'amazon.nova-lite-v1:0',
      SCHEDULE_ENABLED: 'false',
    };
    expect(settingsFrom({}, env)).toMatchObject({
      maxConcurrency: 20,
      bedrockModelId: 'amazon.nova-lite-v1:0',
      scheduleEnabled: false,
    });
    expect(settingsFrom({ scrapeMaxConcurrency: '30', bedrockModelId: '' }, env)).toMatchObject({
      maxConcurrency: 30,
      bedrockModelId: null,
    });
  });

  it.each([
    [{ scrapeMaxConcurrency: 41 }, /SCRAPE_MAX_CONCURRENCY/],
    [{ scrapeRunTimeoutSeconds: 30 }, /SCRAPE_RUN_TIMEOUT_SECONDS/],
    [{ scheduleEnabled: 'yes' }, /SCHEDULE_ENABLED/],
    [{ scrapeSchedule: '0 6 * * *' }, /SCRAPE_SCHEDULE/],
    [{ scrapeSchedule: 'rate(1 hours)' }, /SCRAPE_SCHEDULE/],
    [{ scraperContactUrl: 'not a url' }, /SCRAPER_CONTACT_URL/],
    [{ bedrockModelId: 'arn:aws:bedrock:eu-west-1:123456789012:inference-profile/eu.x' }, /BEDROCK_MODEL_ID/],
  ])('refuse %o', (context, message) => {
    expect(() => settingsFrom(context)).toThrow(message);
  });

  it('accept rate and cron expressions EventBridge accepts', () => {
    for (const schedule of [
      'rate(1 hour)',
      'rate(12 hours)',
      'cron(0 6 ? * MON-FRI *)',
      'cron(0/30 8-18 * * ? *)',
    ]) {
      expect(settingsFrom({ scrapeSchedule: schedule }).schedule).toBe(schedule);
    }
  });
});
