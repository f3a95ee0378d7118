import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { routeGroups } from '../../functions/src/http/routes';
import { runInputSchema } from '../../functions/src/scrape-run/run-input';
import { statusChangeTask } from '../../functions/src/scrape-run/tasks';
import {
  actionsOf,
  type Built,
  configured,
  type Json,
  logicalIdOf,
  ref,
  resourceOf,
  resourcesOf,
  scrapeRunApps,
  stateMachineId,
  statementsOfFunction,
  statementsOfRole,
} from './support/scrape-run-template';

/** What starts, stops and watches scrape runs: the scraper API, the schedule, the status-change rule, the alarm. */
const { main, build } = scrapeRunApps();
const scheduleRuleId = (built: Built) => logicalIdOf(built.stateless, built.stateless.scrapeRun.scheduleRule);

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

  it('knows the state machine, the run timeout and the schedule rule (which holds the schedule)', () => {
    const variables = resourceOf(main, scraperId(main)).Properties.Environment.Variables;
    expect(variables).toMatchObject({
      STATE_MACHINE_ARN: { Ref: stateMachineId(main) },
      SCRAPE_RUN_TIMEOUT_SECONDS: '5400',
      SCHEDULE_RULE_NAME: { Ref: scheduleRuleId(main) },
    });
    // The rule holds the schedule: a copy in the environment would go stale when an admin changes it.
    expect(variables).not.toHaveProperty('SCRAPE_SCHEDULE');
    expect(variables).not.toHaveProperty('SCHEDULE_ENABLED');
  });

  it('may read and change the schedule rule, and no other rule', () => {
    const statements = statementsOfFunction(main, scraperId(main)).filter((s) =>
      actionsOf(s).some((a) => a.startsWith('events:') && a !== 'events:PutEvents'),
    );
    expect(statements.map((s) => ({ actions: actionsOf(s), resources: resourcesOf(s) }))).toEqual([
      {
        actions: ['events:DescribeRule', 'events:PutRule'],
        resources: [ref(`${scheduleRuleId(main)}.Arn`)],
      },
    ]);
  });

  it('is the only route function that may change a rule', () => {
    for (const group of Object.keys(routeGroups) as (keyof typeof routeGroups)[]) {
      const id = logicalIdOf(main.stateless, main.stateless.api.functions.of(group));
      const changesRules = statementsOfFunction(main, id).some((s) =>
        actionsOf(s).includes('events:PutRule'),
      );
      expect(changesRules, group).toBe(group === 'scraper');
    }
  });

  it('is the only route function that touches the scrape run; the competitors group, discovery only', () => {
    const groups = Object.keys(routeGroups) as (keyof typeof routeGroups)[];
    const discoveryId = logicalIdOf(main.stateless, main.stateless.discovery.stateMachine);
    for (const group of groups) {
      const id = logicalIdOf(main.stateless, main.stateless.api.functions.of(group));
      const touching = statementsOfFunction(main, id).filter((s) =>
        actionsOf(s).some((a) => a.startsWith('states:')),
      );
      const text = JSON.stringify(touching);
      expect(text.includes(stateMachineId(main)), group).toBe(group === 'scraper');
      expect(text.includes(discoveryId), group).toBe(group === 'competitors');
      expect(touching.length > 0, group).toBe(group === 'scraper' || group === 'competitors');
    }
  });
});

describe('the schedule', () => {
  /** The rules on a schedule that start runs (the daily exchange rates have a schedule of their own). */
  const scheduleRules = (built: Built) => {
    const ratesRule = logicalIdOf(built.stateless, built.stateless.exchangeRates.rule);
    return Object.entries(built.template.findResources('AWS::Events::Rule'))
      .filter(([id, rule]: [string, Json]) => rule.Properties.ScheduleExpression && id !== ratesRule)
      .map(([, rule]) => rule as Json);
  };

  it('starts the state machine at the configured times, as a scheduled run', () => {
    const rules = scheduleRules(main);
    expect(rules).toHaveLength(1);
    const [rule] = rules;
    expect(rule.Properties.ScheduleExpression).toBe('cron(30 4 * * ? *)');
    expect(rule.Properties.State).toBe('ENABLED');
    expect(rule.Properties.Targets).toHaveLength(1);
    const [target] = rule.Properties.Targets;
    expect(target.Arn).toEqual({ Ref: stateMachineId(main) });
    // Prepare's request is the whole input: it parses as one, with nothing dropped or filled in.
    const input = JSON.parse(target.Input);
    expect(runInputSchema.strict().parse(input)).toEqual(input);
    expect(input).toEqual({ triggeredBy: 'schedule' });

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

  it('is deployed disabled when turned off, so admins can turn it on in the app', () => {
    const built = build({ ...configured, scheduleEnabled: false });
    const rules = scheduleRules(built);
    expect(rules).toHaveLength(1);
    expect(rules[0].Properties).toMatchObject({
      ScheduleExpression: 'cron(30 4 * * ? *)',
      State: 'DISABLED',
    });
    const scraperId = logicalIdOf(built.stateless, built.stateless.api.functions.of('scraper'));
    expect(resourceOf(built, scraperId).Properties.Environment.Variables).toMatchObject({
      SCHEDULE_RULE_NAME: { Ref: scheduleRuleId(built) },
    });
  });
});

describe('the status-change rule', () => {
  it('sends failed, timed-out and aborted executions of this state machine to the status-change Lambda', () => {
    // The other pattern rule is the alerts' (alerts.cdk.test.ts).
    // One rule per state machine: the scrape run's and the discovery job's (issue 32).
    const rules = Object.values(main.template.findResources('AWS::Events::Rule')).filter(
      (rule: Json) => rule.Properties.EventPattern?.source?.[0] === 'aws.states',
    ) as Json[];
    expect(rules).toHaveLength(2);
    const discoveryId = logicalIdOf(main.stateless, main.stateless.discovery.stateMachine);
    const [rule, discoveryRule] = [stateMachineId(main), discoveryId].map((id) =>
      rules.find(
        (r) =>
          JSON.stringify(r.Properties.EventPattern.detail.stateMachineArn) === JSON.stringify([{ Ref: id }]),
      ),
    ) as [Json, Json];
    // The same handler ends the jobs of failed discovery executions, knowing that state machine.
    expect(discoveryRule.Properties.Targets).toEqual(rule.Properties.Targets);
    const statusChange = resourceOf(
      main,
      logicalIdOf(main.stateless, main.stateless.scrapeRun.statusChangeFunction),
    );
    expect(statusChange.Properties.Environment.Variables.DISCOVERY_STATE_MACHINE_ARN).toEqual({
      Ref: discoveryId,
    });
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

  it("runs the status-change task: nodejs22.x arm64, the table and the run's end announced, nothing else", () => {
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
    // It ends runs, and a run's end is put on the bus (alerts.cdk.test.ts checks which bus).
    expect([...services].sort()).toEqual(['dynamodb', 'events']);
  });
});

describe('the failed-runs alarm', () => {
  it('fires on one failed or timed-out execution of this state machine', () => {
    const alarms = (Object.values(main.template.findResources('AWS::CloudWatch::Alarm')) as Json[]).filter(
      (a) => a.Properties.Metrics,
    );
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
