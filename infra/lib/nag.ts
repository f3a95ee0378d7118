import { type App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';

/** Runs cdk-nag's AwsSolutions pack at synth; any finding not acknowledged fails the synth. */
export function addNagChecks(app: App): void {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
}

/**
 * Acknowledges cdk-nag findings on a construct and everything under it, with the reason written
 * down next to the resource it excuses. Findings are matched exactly (`AwsSolutions-IAM5[Action::s3:List*]`).
 */
export function acknowledge(scope: IConstruct, reason: string, ...ids: string[]): void {
  Validations.of(scope).acknowledge(...ids.map((id) => ({ id, reason })));
}

/** The managed policy every CDK-made Lambda role carries: logs:CreateLogGroup/CreateLogStream/PutLogEvents. */
export const basicExecutionRoleFinding =
  'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]';
