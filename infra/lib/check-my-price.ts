import type { App } from 'aws-cdk-lib';
import { readAppSettings } from './app-settings';
import { addNagChecks } from './nag';
import { readOriginVerifyVersion } from './origin-verify-version';
import { webDistDir as defaultWebDistDir } from './paths';
import { StatefulStack } from './stateful-stack';
import { StatelessStack } from './stateless-stack';

export interface CheckMyPriceOptions {
  /** Where the built SPA is; tests pass a stand-in. */
  readonly webDistDir?: string;
}

/**
 * The whole installation: stateful and stateless stacks, environment-agnostic so `cdk synth`
 * needs no AWS account, with cdk-nag's AwsSolutions checks failing the synth on any finding.
 */
export function checkMyPrice(app: App, options: CheckMyPriceOptions = {}) {
  const settings = readAppSettings(app);
  const stateful = new StatefulStack(app, 'CheckMyPrice-Stateful', {
    description: 'Check My Price: table, token-signing key, SPA, data and log buckets',
  });
  const stateless = new StatelessStack(app, 'CheckMyPrice-Stateless', {
    description: 'Check My Price: HTTP API, Lambda functions, CloudFront',
    table: stateful.table,
    tokenSecret: stateful.tokenSecret,
    originVerifySecret: stateful.originVerifySecret,
    originVerifyVersion: readOriginVerifyVersion(app),
    siteBucketExport: stateful.siteBucketExport,
    logBucket: stateful.logBucket,
    dataBucketExport: stateful.dataBucketExport,
    settings,
    webDistDir: options.webDistDir ?? defaultWebDistDir,
  });
  // The site and data buckets arrive through named exports, which CDK cannot see as a dependency.
  stateless.addStackDependency(stateful);
  addNagChecks(app);
  return { settings, stateful, stateless };
}
