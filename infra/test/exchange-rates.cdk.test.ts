import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SynthesizedApp, synthesizedApp } from './support/cdk-app';
import { actionsOf, type Json, logicalIdOf } from './support/scrape-run-template';

/**
 * The daily exchange rates on AWS (issue 33): a schedule on working days after the ECB publishes,
 * running the function that keeps the rates in the table, which it alone may write, nothing else.
 */
let built: SynthesizedApp;
let template: Template;

beforeAll(() => {
  built = synthesizedApp('rotated-with-ses');
  template = built.statelessTemplate;
}, 120_000);

const resources = (): Record<string, Json> => template.toJSON().Resources;
const idOf = (construct: { node: { defaultChild?: unknown } }) => logicalIdOf(built.stateless, construct);

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
    const fn = resources()[idOf(built.stateless.exchangeRates.fn)];
    const roleId = fn.Properties.Role['Fn::GetAtt'][0];
    const statements = Object.values(
      template.findResources('AWS::IAM::Policy', { Properties: { Roles: [{ Ref: roleId }] } }),
    ).flatMap((policy: Json) => policy.Properties.PolicyDocument.Statement);

    expect(statements.flatMap(actionsOf).every((action: string) => action.startsWith('dynamodb:'))).toBe(
      true,
    );
    expect(fn.Properties.Environment.Variables).toMatchObject({ SHOP_CURRENCY: expect.any(String) });
    expect(fn.Properties.Environment.Variables.ECB_RATES_URL).toBeUndefined();
  });
});
