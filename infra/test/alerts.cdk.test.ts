import { App } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { RUN_COMPLETED, RUN_EVENTS_SOURCE } from '../../functions/src/alerts/run-events';
import { readAppSettings } from '../lib/app-settings';
import { SES, type SynthesizedApp, synthesizedApp } from './support/cdk-app';
import { actionsOf, flat, type Json, logicalIdOf, ref, resourcesOf } from './support/scrape-run-template';

/**
 * Alerts on AWS: the rule from a run's end to the alerts Lambda, its dead-letter queue, and who may
 * publish run events and send e-mail; and the other scheduled function, the daily exchange rates. Synthesized without bundling (decision 16), with an SES sender
 * whose verified identity is its domain, in another region than the stack's (support/cdk-app.ts).
 */
let built: SynthesizedApp;
let template: Template;

// The first synth of a process loads most of aws-cdk-lib: allow it more than a hook's default 10 s.
beforeAll(() => {
  built = synthesizedApp('rotated-with-ses');
  template = built.statelessTemplate;
}, 120_000);

const resources = (): Record<string, Json> => template.toJSON().Resources;
const idOf = (construct: { node: { defaultChild?: unknown } }) => logicalIdOf(built.stateless, construct);
/** Every IAM statement of a function's role. */
const statementsOf = (functionId: string): Json[] => {
  const roleId = resources()[functionId].Properties.Role['Fn::GetAtt'][0];
  return Object.values(
    template.findResources('AWS::IAM::Policy', { Properties: { Roles: [{ Ref: roleId }] } }),
  ).flatMap((policy: Json) => policy.Properties.PolicyDocument.Statement);
};
const identityArn = `arn:${ref('AWS::Partition')}:ses:${SES.sesRegion}:${ref('AWS::AccountId')}:identity/${SES.sesIdentity}`;
const invokeConfigOf = (functionId: string) =>
  Object.values(template.findResources('AWS::Lambda::EventInvokeConfig')).find(
    (config: Json) => config.Properties.FunctionName.Ref === functionId,
  );
const functionIds = () =>
  Object.entries(resources())
    .filter(([, resource]) => resource.Type === 'AWS::Lambda::Function')
    .map(([id]) => id);

describe('the run-completed rule', () => {
  it("sends Check My Price's RunCompleted events on the default bus to the alerts Lambda, with retries and a dead-letter queue", () => {
    const rule = resources()[idOf(built.stateless.alerts.rule)];
    const queueId = idOf(built.stateless.alerts.deadLetters);

    expect(rule.Properties.EventBusName).toBe('default');
    expect(rule.Properties.EventPattern).toEqual({
      source: [RUN_EVENTS_SOURCE],
      'detail-type': [RUN_COMPLETED],
    });
    expect(rule.Properties.Targets).toEqual([
      expect.objectContaining({
        Arn: { 'Fn::GetAtt': [idOf(built.stateless.alerts.fn), 'Arn'] },
        DeadLetterConfig: { Arn: { 'Fn::GetAtt': [queueId, 'Arn'] } },
        RetryPolicy: { MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 6 * 3600 },
      }),
    ]);
  });

  it('has a failed run, after Lambda retried it twice, parked in the same queue, which alarms', () => {
    const queueId = idOf(built.stateless.alerts.deadLetters);
    const invokeConfig = invokeConfigOf(idOf(built.stateless.alerts.fn));
    const alarm = resources()[idOf(built.stateless.alerts.deadLettersAlarm as never)];

    expect(invokeConfig?.Properties).toEqual(
      expect.objectContaining({
        FunctionName: { Ref: idOf(built.stateless.alerts.fn) },
        MaximumRetryAttempts: 2,
        DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queueId, 'Arn'] } } },
      }),
    );
    expect(alarm.Properties).toEqual(
      expect.objectContaining({
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [queueId, 'QueueName'] } }],
        Threshold: 1,
      }),
    );
  });
});

describe('the alerts Lambda', () => {
  it('runs alerts.handler.ts with the SES sender, its region and the CloudFront address for links', () => {
    const fn = resources()[idOf(built.stateless.alerts.fn)].Properties;
    const distributionId = idOf(built.stateless.site.distribution);

    expect(fn.Runtime).toBe('nodejs22.x');
    expect(fn.Environment.Variables).toEqual(
      expect.objectContaining({
        SES_FROM_ADDRESS: SES.sesFromAddress,
        SES_REGION: SES.sesRegion,
        TABLE_NAME: expect.anything(),
      }),
    );
    expect(flat(fn.Environment.Variables.APP_URL)).toBe(`https://${ref(`${distributionId}.DomainName`)}`);
    expect(fn.Environment.Variables.EVENT_BUS_NAME).toBeUndefined();
  });

  it('may read and write the table, send e-mail as the verified identity only, and park failed runs; nothing else', () => {
    const statements = statementsOf(idOf(built.stateless.alerts.fn));
    const byService = (prefix: string) =>
      statements.filter((statement) => actionsOf(statement).some((action) => action.startsWith(prefix)));

    expect(byService('ses:')).toEqual([
      expect.objectContaining({ Effect: 'Allow', Action: 'ses:SendEmail' }),
    ]);
    expect(resourcesOf(byService('ses:')[0])).toEqual([identityArn]);
    expect(byService('sqs:').flatMap(resourcesOf)).toEqual([
      ref(`${idOf(built.stateless.alerts.deadLetters)}.Arn`),
    ]);
    expect(byService('events:')).toEqual([]);
    expect(
      statements
        .flatMap(actionsOf)
        .filter(
          (action) =>
            !action.startsWith('dynamodb:') && !action.startsWith('ses:') && !action.startsWith('sqs:'),
        ),
    ).toEqual([]);
    expect(statements.flatMap(resourcesOf).join(' ')).not.toContain('*');
  });
});

describe('imports as jobs (decision 60)', () => {
  it("sends Check My Price's ImportQueued events on the default bus to the import Lambda, with retries", () => {
    const { imports } = built.stateless;
    const rule = resources()[idOf(imports.rule)];

    expect(rule.Properties.EventBusName).toBe('default');
    expect(rule.Properties.EventPattern).toEqual({
      source: [RUN_EVENTS_SOURCE],
      'detail-type': ['ImportQueued'],
    });
    expect(rule.Properties.Targets).toEqual([
      expect.objectContaining({
        Arn: { 'Fn::GetAtt': [idOf(imports.fn), 'Arn'] },
        RetryPolicy: { MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 3600 },
      }),
    ]);
    expect(invokeConfigOf(idOf(imports.fn))?.Properties).toEqual(
      expect.objectContaining({ MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 3600 }),
    );
  });

  it('runs import.handler.ts for up to 5 minutes a run, reading upload files and queuing its job again, and nothing else', () => {
    const { imports } = built.stateless;
    const fn = resources()[idOf(imports.fn)].Properties;
    const statements = statementsOf(idOf(imports.fn));
    const others = statements.filter(
      (statement) => !actionsOf(statement).every((a) => a.startsWith('dynamodb:')),
    );

    expect(fn).toEqual(expect.objectContaining({ Timeout: 300, MemorySize: 2048 }));
    expect(fn.Environment.Variables.TABLE_NAME).toBeDefined();
    expect(fn.Environment.Variables.DATA_BUCKET).toBeDefined();
    expect(statements.flatMap(actionsOf)).toEqual(expect.arrayContaining(['dynamodb:BatchWriteItem']));
    expect(others.map((statement) => actionsOf(statement))).toEqual([['events:PutEvents'], ['s3:GetObject']]);
    expect(JSON.stringify(others[1]?.Resource)).toMatch(/"\/uploads\/\*"\]\]\}$/);
  });
});

describe('who may do what', () => {
  it('grants ses:SendEmail, on the identity only, to the alerts Lambda and the alerts API (Send test) alone', () => {
    const senders = functionIds().filter((id) =>
      statementsOf(id).some((statement) => actionsOf(statement).some((action) => action.startsWith('ses:'))),
    );
    const sesResources = functionIds().flatMap((id) =>
      statementsOf(id)
        .filter((statement) => actionsOf(statement).some((action) => action.startsWith('ses:')))
        .flatMap(resourcesOf),
    );

    expect(senders.sort()).toEqual(
      [idOf(built.stateless.alerts.fn), idOf(built.stateless.api.functions.of('alerts'))].sort(),
    );
    expect(new Set(sesResources)).toEqual(new Set([identityArn]));
  });

  it('grants events:PutEvents on the default bus to the functions that end runs or queue imports, and to no other', () => {
    const { scrapeRun, api } = built.stateless;
    const publishers = functionIds().filter((id) =>
      statementsOf(id).some((statement) => actionsOf(statement).includes('events:PutEvents')),
    );
    const busArns = functionIds().flatMap((id) =>
      statementsOf(id)
        .filter((statement) => actionsOf(statement).includes('events:PutEvents'))
        .flatMap(resourcesOf),
    );

    expect(publishers.sort()).toEqual(
      [
        idOf(scrapeRun.taskFunctions.Prepare),
        idOf(scrapeRun.taskFunctions.Finalize),
        idOf(scrapeRun.statusChangeFunction),
        idOf(api.functions.of('scraper')),
        idOf(api.functions.of('products')),
        idOf(api.functions.of('competitor-urls')),
        // An import longer than one run of its function queues itself again.
        idOf(built.stateless.imports.fn),
      ].sort(),
    );
    expect(new Set(busArns)).toEqual(
      new Set([
        `arn:${ref('AWS::Partition')}:events:${ref('AWS::Region')}:${ref('AWS::AccountId')}:event-bus/default`,
      ]),
    );
  });
});

describe('the SES deploy settings', () => {
  const settingsWith = (context: Record<string, string>) => readAppSettings(new App({ context }), {});

  it('default the identity to the sender address and the region to the stack’s', () => {
    expect(settingsWith({ sesFromAddress: 'alerts@shop.example' }).ses).toEqual({
      fromAddress: 'alerts@shop.example',
      identity: 'alerts@shop.example',
      region: undefined,
    });
  });

  it('accept a verified parent domain of the sender, and no sender at all', () => {
    expect(
      settingsWith({ sesFromAddress: 'a@mail.shop.example', sesIdentity: 'shop.example' }).ses?.identity,
    ).toBe('shop.example');
    expect(settingsWith({}).ses).toBeNull();
  });

  it.each([
    [{ sesFromAddress: 'alerts@shop.example', sesIdentity: 'other.example' }, /other.example does not cover/],
    [{ sesIdentity: 'shop.example' }, /set SES_FROM_ADDRESS too/],
    [{ sesFromAddress: 'not an address' }, /SES_FROM_ADDRESS/],
  ])('refuse %j', (context, message) => {
    expect(() => settingsWith(context)).toThrow(message);
  });
});

// The daily exchange rates (issue 33): a schedule on working days after the ECB publishes, running
// the function that keeps the rates in the table, which it alone may write, nothing else.
describe('the daily exchange rates', () => {
  it('run the ECB function at 17:00 UTC on working days, with retries', () => {
    const rule = resources()[idOf(built.stateless.exchangeRates.rule)];

    expect(rule.Properties.ScheduleExpression).toBe('cron(0 17 ? * MON-FRI *)');
    expect(rule.Properties.Targets).toEqual([
      expect.objectContaining({
        Arn: { 'Fn::GetAtt': [idOf(built.stateless.exchangeRates.fn), 'Arn'] },
        RetryPolicy: { MaximumRetryAttempts: 2 },
      }),
    ]);
  });

  it('may read and write the table and nothing else', () => {
    const fnId = idOf(built.stateless.exchangeRates.fn);
    const fn = resources()[fnId];
    const statements = statementsOf(fnId);

    expect(statements.flatMap(actionsOf).every((action: string) => action.startsWith('dynamodb:'))).toBe(
      true,
    );
    expect(fn.Properties.Environment.Variables).toMatchObject({ SHOP_CURRENCY: expect.any(String) });
    expect(fn.Properties.Environment.Variables.ECB_RATES_URL).toBeUndefined();
  });
});
