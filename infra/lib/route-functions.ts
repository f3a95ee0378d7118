import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Duration } from 'aws-cdk-lib';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { type RouteGroup, type RouteGroupDef, routeGroups } from '../../functions/src/http/routes';
import type { AppSettings } from './app-settings';
import { bindNeeds, type NeedResources } from './bind-needs';
import { acknowledge, basicExecutionRoleFinding } from './nag';
import { functionsDir, lockFile, repoRoot } from './paths';

export interface RouteFunctionsProps {
  readonly resources: NeedResources;
  readonly settings: AppSettings;
}

/** One Lambda per route group of the route table, each granted only what the group `needs`. */
export class RouteFunctions extends Construct {
  readonly byGroup: ReadonlyMap<RouteGroup, NodejsFunction>;

  constructor(scope: Construct, id: string, props: RouteFunctionsProps) {
    super(scope, id);
    assertLocalEsbuild();
    const byGroup = new Map<RouteGroup, NodejsFunction>();
    for (const [group, def] of Object.entries(routeGroups) as [RouteGroup, RouteGroupDef][]) {
      const fn = routeFunction(this, group, def, props.settings);
      bindNeeds(fn, def.needs, props.resources);
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
      byGroup.set(group, fn);
    }
    this.byGroup = byGroup;
  }

  /** The function serving a route group; the route table's types guarantee it exists. */
  of(group: RouteGroup): NodejsFunction {
    const fn = this.byGroup.get(group);
    if (!fn) throw new Error(`No function for route group '${group}'`);
    return fn;
  }
}

function routeFunction(scope: Construct, group: RouteGroup, def: RouteGroupDef, settings: AppSettings) {
  const id = pascalCase(group);
  return new NodejsFunction(scope, id, {
    description: `Check My Price API: the ${group} route group`,
    entry: join(functionsDir, def.entry),
    handler: 'handler',
    runtime: Runtime.NODEJS_22_X,
    architecture: Architecture.ARM_64,
    // scrypt (N=2^17, r=8) needs 128 MiB by itself, and CPU share grows with memory.
    memorySize: 1024,
    timeout: Duration.seconds(15),
    logGroup: new LogGroup(scope, `${id}Logs`, { retention: RetentionDays.THREE_MONTHS }),
    projectRoot: repoRoot,
    depsLockFilePath: lockFile,
    environment: {
      POWERTOOLS_SERVICE_NAME: 'check-my-price',
      LOG_LEVEL: settings.logLevel,
      SHOP_CURRENCY: settings.shopCurrency,
      NODE_OPTIONS: '--enable-source-maps',
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
    },
  });
}

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

const pascalCase = (name: string) =>
  name
    .split(/[^a-zA-Z0-9]+/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
