import { DescribeRuleCommand, EventBridgeClient, PutRuleCommand } from '@aws-sdk/client-eventbridge';
import * as z from 'zod';
import { perSettings, settingsSection } from '../config';
import { awsClientOptions } from '../lib/aws-client';

/**
 * The EventBridge rule that starts scheduled runs holds the schedule itself (decision 55): CDK
 * deploys it with the deploy-time default, admins change it through the API. The `scheduleRule`
 * need names it on AWS; the local stack points at its stand-in.
 */
export const scheduleRuleConfigSchema = z.object({
  SCHEDULE_RULE_NAME: z.string().min(1),
  /** Only set where EventBridge is answered somewhere else than AWS (the local stand-in). */
  EVENTBRIDGE_ENDPOINT: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
});

const ruleSettings = settingsSection('schedule', scheduleRuleConfigSchema);
const eventBridge = perSettings(
  () => new EventBridgeClient(awsClientOptions(ruleSettings().EVENTBRIDGE_ENDPOINT)),
);

/** Whether scheduled runs are on, and when they start (an EventBridge expression, UTC). */
export interface ScheduleSetting {
  readonly enabled: boolean;
  readonly expression: string;
}

const describeRule = () =>
  eventBridge().send(new DescribeRuleCommand({ Name: ruleSettings().SCHEDULE_RULE_NAME }));

/** The schedule as the rule holds it now. */
export async function readScheduleRule(): Promise<ScheduleSetting> {
  const rule = await describeRule();
  return { enabled: rule.State === 'ENABLED', expression: rule.ScheduleExpression ?? '' };
}

/** Sets the rule's expression and state; its targets (the state machine) stay as deployed. */
export async function writeScheduleRule(setting: ScheduleSetting): Promise<void> {
  // PutRule replaces the whole rule, clearing what it is not sent: the rest goes back as it was.
  const { Name, Description, RoleArn } = await describeRule();
  await eventBridge().send(
    new PutRuleCommand({
      Name,
      ...(Description ? { Description } : {}),
      ...(RoleArn ? { RoleArn } : {}),
      ScheduleExpression: setting.expression,
      State: setting.enabled ? 'ENABLED' : 'DISABLED',
    }),
  );
}
