import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Duration, Stack } from 'aws-cdk-lib';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import type { AppSettings } from './app-settings';
import { acknowledge, basicExecutionRoleFinding } from './nag';
import { functionsDir, lockFile, repoRoot } from './paths';

export interface AppFunctionProps {
  readonly description: string;
  /** Handler module relative to the functions workspace; it exports `handler`. */
  readonly entry: string;
  readonly timeoutSeconds: number;
  readonly memorySize: number;
  readonly settings: AppSettings;
  /** Settings this function's code reads, on top of the ones every function gets. */
  readonly environment?: Readonly<Record<string, string>>;
  /**
   * The function runs Chromium (the browser tier): on x86_64, as @sparticuz/chromium's packed
   * Chromium is; playwright-core beside the bundle (it reads its own package.json), the packed
   * Chromium in `chromium-bin/`, both copied from the installed packages (no network at synth).
   */
  readonly browser?: { readonly reservedConcurrency: number };
}

/** Where a browser function finds the packed Chromium (launch-renderer.ts unpacks it into /tmp). */
const CHROMIUM_BIN_DIR = 'chromium-bin';

/**
 * One of our Lambdas (a route group or a scrape-run task): nodejs22.x on arm64, bundled by the
 * local esbuild as ESM with source maps, its own log group, and the cdk-nag findings every such
 * function raises acknowledged on it. Grants come from `bindNeeds`, not from here.
 */
export function appFunction(scope: Construct, id: string, props: AppFunctionProps): NodejsFunction {
  assertLocalEsbuild();
  const fn = new NodejsFunction(scope, id, {
    description: props.description,
    entry: join(functionsDir, props.entry),
    handler: 'handler',
    runtime: Runtime.NODEJS_22_X,
    architecture: props.browser ? Architecture.X86_64 : Architecture.ARM_64,
    ...(props.browser ? { reservedConcurrentExecutions: props.browser.reservedConcurrency } : {}),
    memorySize: props.memorySize,
    timeout: Duration.seconds(props.timeoutSeconds),
    logGroup: new LogGroup(scope, `${id}Logs`, { retention: RetentionDays.THREE_MONTHS }),
    projectRoot: repoRoot,
    depsLockFilePath: lockFile,
    environment: {
      POWERTOOLS_SERVICE_NAME: 'check-my-price',
      LOG_LEVEL: props.settings.logLevel,
      // Read by the dashboard and by every task that counts a run's checks.
      PRICE_CONFIDENCE_FLOOR: String(props.settings.priceConfidenceFloor),
      PRICE_JUMP_RATIO: String(props.settings.priceJumpRatio),
      NODE_OPTIONS: '--enable-source-maps',
      ...(props.browser ? { CHROMIUM_BIN_DIR: `/var/task/${CHROMIUM_BIN_DIR}` } : {}),
      ...props.environment,
    },
    bundling: {
      format: OutputFormat.ESM,
      target: 'node22',
      mainFields: ['module', 'main'],
      // Some CommonJS dependencies call require(); ESM output has none unless we make one.
      banner: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
      minify: true,
      sourceMap: true,
      // Ship the SDK versions the tests ran against, not whatever the runtime carries today.
      bundleAwsSDK: true,
      ...(props.browser
        ? {
            externalModules: ['playwright-core'],
            commandHooks: {
              beforeBundling: () => [],
              beforeInstall: () => [],
              afterBundling: (inputDir: string, outputDir: string) => [
                `mkdir -p "${outputDir}/node_modules"`,
                `cp -R "${inputDir}/node_modules/playwright-core" "${outputDir}/node_modules/"`,
                `cp -R "${inputDir}/node_modules/@sparticuz/chromium/bin" "${outputDir}/${CHROMIUM_BIN_DIR}"`,
              ],
            },
          }
        : {}),
    },
  });
  acknowledge(
    fn,
    'Grants only creating and writing to log streams, which every function needs.',
    basicExecutionRoleFinding,
  );
  acknowledge(
    fn,
    'Decision 7 pins Lambdas to nodejs22.x, the Node line development and CI are checked against.',
    'AwsSolutions-L1',
  );
  return fn;
}

/**
 * A log group name under `/aws/vendedlogs/`, for logs a service delivers (Step Functions, API
 * Gateway access logs): CloudWatch then needs no resource-policy entry per log group, whose 5,120
 * characters large accounts run out of. Unique per stack, so two installations can share a region.
 */
export const vendedLogGroupName = (scope: Construct, service: string, name: string) =>
  `/aws/vendedlogs/${service}/${Stack.of(scope).stackName}-${name}`;

/** `products` → `Products`, `competitor-urls` → `CompetitorUrls`: construct ids from names. */
export const pascalCase = (name: string) =>
  name
    .split(/[^a-zA-Z0-9]+/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

// Without a local esbuild, CDK silently falls back to Docker bundling; we never want that.
function assertLocalEsbuild(): void {
  try {
    createRequire(import.meta.url).resolve('esbuild');
  } catch {
    throw new Error(
      'esbuild is not installed: run `npm ci` at the repository root (bundling never uses Docker)',
    );
  }
}
