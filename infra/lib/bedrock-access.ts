import { Aws } from 'aws-cdk-lib';
import { Grant, type IGrantable } from 'aws-cdk-lib/aws-iam';
import type { IConstruct } from 'constructs';
import { acknowledge } from './nag';

/**
 * Prefixes of the system-defined (cross-Region) inference profiles: `eu.anthropic.claude-…` is a
 * profile routing to `anthropic.claude-…` in the Regions of its geography; `global.` in any
 * commercial Region. An id without one of these is a foundation model of this Region.
 */
export const inferenceProfilePrefixes = ['us', 'us-gov', 'eu', 'apac', 'jp', 'au', 'ca', 'global'] as const;

/** Converse is authorised as bedrock:InvokeModel (there is no separate IAM action for it). */
export const bedrockInvokeActions = ['bedrock:InvokeModel'];

export type BedrockModel =
  | { readonly kind: 'foundation-model'; readonly modelId: string }
  | {
      readonly kind: 'inference-profile';
      readonly profileId: string;
      /** The foundation model the profile routes to (the id without its prefix). */
      readonly modelId: string;
      readonly global: boolean;
    };

/** What the configured id names: a foundation model, or a cross-Region profile and its model. */
export function parseBedrockModelId(id: string): BedrockModel {
  const dot = id.indexOf('.');
  const prefix = id.slice(0, dot);
  if (dot > 0 && (inferenceProfilePrefixes as readonly string[]).includes(prefix)) {
    return {
      kind: 'inference-profile',
      profileId: id,
      modelId: id.slice(dot + 1),
      global: prefix === 'global',
    };
  }
  return { kind: 'foundation-model', modelId: id };
}

/**
 * Lets `grantee` call Converse on the configured model and nothing else.
 *
 * - A foundation model id: InvokeModel on that model in this Region.
 * - An inference-profile id: InvokeModel on the profile in this Region, and on its foundation
 *   model in whichever Region the profile routes the call to, but only when the call comes
 *   through that profile (condition `bedrock:InferenceProfileArn`). The destination Regions are
 *   AWS's to choose (a global profile uses any commercial Region, authorised against the
 *   region-less model ARN), hence the Region wildcard, bounded by the condition.
 */
export function grantBedrockModel(grantee: IGrantable & IConstruct, modelId: string): void {
  const model = parseBedrockModelId(modelId);
  const partition = Aws.PARTITION;
  if (model.kind === 'foundation-model') {
    Grant.addToPrincipal({
      grantee,
      actions: bedrockInvokeActions,
      resourceArns: [`arn:${partition}:bedrock:${Aws.REGION}::foundation-model/${model.modelId}`],
    });
    return;
  }
  const profileArn = `arn:${partition}:bedrock:${Aws.REGION}:${Aws.ACCOUNT_ID}:inference-profile/${model.profileId}`;
  Grant.addToPrincipal({ grantee, actions: bedrockInvokeActions, resourceArns: [profileArn] });
  const modelArns = [
    `arn:${partition}:bedrock:*::foundation-model/${model.modelId}`,
    ...(model.global ? [`arn:${partition}:bedrock:::foundation-model/${model.modelId}`] : []),
  ];
  Grant.addToPrincipal({
    grantee,
    actions: bedrockInvokeActions,
    resourceArns: modelArns,
    conditions: { ArnLike: { 'bedrock:InferenceProfileArn': profileArn } },
  });
  acknowledge(
    grantee,
    `The inference profile ${model.profileId} routes each call to ${model.modelId} in a Region AWS picks; ` +
      'the grant names that one model in any Region and holds only for calls made through this profile.',
    `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:bedrock:*::foundation-model/${model.modelId}]`,
  );
}
