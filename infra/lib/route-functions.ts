import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import { type RouteGroup, type RouteGroupDef, routeGroups } from '../../functions/src/http/routes';
import { appFunction, pascalCase } from './app-function';
import type { AppSettings } from './app-settings';
import { bindNeeds, type NeedResources } from './bind-needs';

export interface RouteFunctionsProps {
  readonly resources: NeedResources;
  readonly settings: AppSettings;
}

/** One Lambda per route group of the route table, each granted only what the group `needs`. */
export class RouteFunctions extends Construct {
  readonly byGroup: ReadonlyMap<RouteGroup, NodejsFunction>;

  constructor(scope: Construct, id: string, props: RouteFunctionsProps) {
    super(scope, id);
    const byGroup = new Map<RouteGroup, NodejsFunction>();
    for (const [group, def] of Object.entries(routeGroups) as [RouteGroup, RouteGroupDef][]) {
      const fn = appFunction(this, pascalCase(group), {
        description: `Check My Price API: the ${group} route group`,
        entry: def.entry,
        // scrypt (N=2^17, r=8) needs 128 MiB by itself, and CPU share grows with memory.
        memorySize: 1024,
        timeoutSeconds: 15,
        settings: props.settings,
        environment: { SHOP_CURRENCY: props.settings.shopCurrency },
      });
      bindNeeds(fn, def.needs, props.resources);
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
