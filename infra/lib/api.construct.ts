import { HttpApi, HttpMethod, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { type RouteGroup, routes } from '../../functions/src/http/routes';
import { vendedLogGroupName } from './app-function';
import { acknowledge } from './nag';
import { RouteFunctions, type RouteFunctionsProps } from './route-functions';

export type ApiProps = RouteFunctionsProps;

/** The HTTP API (payload 2.0): one route per route table entry, one Lambda per route group. */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly functions: RouteFunctions;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    this.functions = new RouteFunctions(this, 'Functions', props);

    // The default stage is made by hand: HttpApi's own cannot take throttling or access logs.
    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: 'Check My Price API, reached through CloudFront under /api',
      createDefaultStage: false,
    });
    const accessLogs = new LogGroup(this, 'AccessLogs', {
      logGroupName: vendedLogGroupName(this, 'apigateway', 'api-access'),
      retention: RetentionDays.THREE_MONTHS,
    });
    new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      autoDeploy: true,
      // Account-level defaults are 10,000 rps; a shop's back office needs a fraction, and a cap
      // bounds the bill if someone hammers the API (login has its own throttle in the code).
      throttle: { rateLimit: 50, burstLimit: 100 },
      accessLogSettings: { destination: new LogGroupLogDestination(accessLogs) },
    });

    const integrations = new Map<RouteGroup, HttpLambdaIntegration>();
    const integrationOf = (group: RouteGroup) => {
      let integration = integrations.get(group);
      if (!integration) {
        // One invoke permission per function for the whole API keeps its policy small as routes grow.
        integration = new HttpLambdaIntegration(`${group}-integration`, this.functions.of(group), {
          scopePermissionToRoute: false,
        });
        integrations.set(group, integration);
      }
      return integration;
    };

    for (const route of routes) {
      this.httpApi.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: integrationOf(route.group),
      });
    }
    acknowledge(
      this.httpApi,
      'Authorization is ours (decision 9): every route not marked public in the route table requires a ' +
        'valid session token, checked in the shared middy stack; the login and status routes are public by design.',
      'AwsSolutions-APIG4',
    );
  }
}
