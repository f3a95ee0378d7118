import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, type CfnResource, type Stack } from 'aws-cdk-lib';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { beforeAll, describe, expect, it } from 'vitest';
import { type RouteGroup, routeGroups, routeKey, routes } from '../../functions/src/http/routes';
import { executionsArn } from '../lib/bind-needs';
import { checkMyPrice } from '../lib/check-my-price';
import { type SynthesizedApp, scratchDir, synthesizedApp } from './support/cdk-app';

// The shared 'eur' app (support/cdk-app.ts): no bundling (decision 16), cdk.json's feature flags.
// A shop currency other than the default proves the setting reaches both the Lambdas and the SPA.
let outdir: string;
let template: Template;
let stateless: SynthesizedApp['stateless'];
let stateful: SynthesizedApp['stateful'];

// The first synth of a process loads most of aws-cdk-lib: allow it more than a hook's default 10 s.
beforeAll(() => {
  const built = synthesizedApp('eur');
  ({ stateful, stateless } = built);
  outdir = built.app.outdir;
  template = built.statelessTemplate;
}, 120_000);

const groups = Object.keys(routeGroups) as RouteGroup[];
const logicalIdOf = (stack: Stack, construct: { node: { defaultChild?: unknown } }) =>
  stack.resolve((construct.node.defaultChild as CfnResource).logicalId) as string;
const functionIdOf = (group: RouteGroup) => logicalIdOf(stateless, stateless.api.functions.of(group));
// Template JSON is untyped; the assertions below say what shape they expect.
const resource = (logicalId: string) => template.toJSON().Resources[logicalId];
/** The IAM statements of a function's role. */
const statementsOf = (functionId: string) => {
  const roleId = resource(functionId).Properties.Role['Fn::GetAtt'][0];
  return Object.values(
    template.findResources('AWS::IAM::Policy', { Properties: { Roles: [{ Ref: roleId }] } }),
  ).flatMap((policy) => policy.Properties.PolicyDocument.Statement);
};
/** The item actions the read-write code sends: no Scan, no BatchGetItem, no ConditionCheckItem. */
const readWrite = [
  'dynamodb:BatchWriteItem',
  'dynamodb:DeleteItem',
  'dynamodb:GetItem',
  'dynamodb:PutItem',
  'dynamodb:Query',
  'dynamodb:UpdateItem',
];

describe('the HTTP API', () => {
  it('has exactly one route per route table entry', () => {
    const routeKeys = Object.values(template.findResources('AWS::ApiGatewayV2::Route')).map(
      (route) => route.Properties.RouteKey,
    );
    expect(routeKeys.sort()).toEqual(routes.map(routeKey).sort());
  });

  it("sends each route to its group's function with payload format 2.0", () => {
    for (const route of routes) {
      const [cfnRoute] = Object.values(
        template.findResources('AWS::ApiGatewayV2::Route', { Properties: { RouteKey: routeKey(route) } }),
      );
      const integrationId = cfnRoute?.Properties.Target['Fn::Join'][1][1].Ref;
      const integration = resource(integrationId);
      expect(integration.Properties).toMatchObject({
        IntegrationType: 'AWS_PROXY',
        PayloadFormatVersion: '2.0',
        IntegrationUri: { 'Fn::GetAtt': [functionIdOf(route.group), 'Arn'] },
      });
    }
  });

  it('throttles and writes access logs on its default stage', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: Match.anyValue(), ThrottlingBurstLimit: Match.anyValue() },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
    });
    template.hasResourceProperties('AWS::Logs::LogGroup', {
      LogGroupName: `/aws/vendedlogs/apigateway/${stateless.stackName}-api-access`,
    });
  });
});

describe('the route functions', () => {
  it('are one nodejs22.x arm64 Lambda per route group', () => {
    for (const group of groups) {
      expect(resource(functionIdOf(group)).Properties).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
      });
    }
    const appFunctions = Object.values(template.findResources('AWS::Lambda::Function')).filter((fn) =>
      String(fn.Properties.Description ?? '').startsWith('Check My Price API'),
    );
    expect(appFunctions).toHaveLength(groups.length);
  });

  it('read the settings their code needs, and only those', () => {
    for (const group of groups) {
      const env = resource(functionIdOf(group)).Properties.Environment.Variables;
      expect(env).toMatchObject({
        POWERTOOLS_SERVICE_NAME: 'check-my-price',
        SHOP_CURRENCY: 'EUR',
        LOG_LEVEL: 'INFO',
        NODE_OPTIONS: '--enable-source-maps',
        TABLE_NAME: expect.anything(),
        TOKEN_SECRET_ARN: expect.anything(),
        ORIGIN_VERIFY_SECRET_ARN: expect.anything(),
      });
      expect('STATE_MACHINE_ARN' in env).toBe(group === 'scraper');
      // Stopping a run ends it, and a run's end is announced on the bus; an upload queues its import there.
      expect('EVENT_BUS_NAME' in env).toBe(['scraper', 'products', 'competitor-urls'].includes(group));
      // 'Send test' links to the app; no SES sender is set in this app, so none is passed on.
      expect('APP_URL' in env).toBe(group === 'alerts');
      expect('SES_FROM_ADDRESS' in env).toBe(false);
    }
  });

  it('are granted only what their group needs: the table and its named indexes, the secret, the state machine', () => {
    const tableArn = stateless.resolve(stateful.table.tableArn);
    const secretArn = stateless.resolve(stateful.tokenSecret.secretArn);
    const originVerifyArn = stateless.resolve(stateful.originVerifySecret.secretArn);
    const { stateMachine } = stateless.scrapeRun;
    const executions = stateless.resolve(executionsArn(stateMachine));
    const tableStatement = (actions: string[]) => ({
      Effect: 'Allow',
      Action: actions,
      Resource: [
        tableArn,
        { 'Fn::Join': ['', [tableArn, '/index/GSI1']] },
        { 'Fn::Join': ['', [tableArn, '/index/GSI2']] },
      ],
    });
    // The token-signing key and the origin-verify secret, in one statement.
    const secretStatements = [
      {
        Effect: 'Allow',
        Action: ['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue'],
        Resource: [originVerifyArn, secretArn],
      },
    ];
    const controlOf = (machine: typeof stateMachine) => [
      {
        Effect: 'Allow',
        Action: 'states:StartExecution',
        Resource: stateless.resolve(machine.stateMachineArn),
      },
      {
        Effect: 'Allow',
        Action: ['states:DescribeExecution', 'states:StopExecution'],
        Resource: stateless.resolve(executionsArn(machine)),
      },
    ];
    const runControl = controlOf(stateMachine);
    // The competitors group starts and stops discovery jobs (issue 32), of that state machine only.
    const discoveryControl = controlOf(stateless.discovery.stateMachine);
    const putRunEvents = {
      Effect: 'Allow',
      Action: 'events:PutEvents',
      Resource: {
        'Fn::Join': [
          '',
          [
            'arn:',
            { Ref: 'AWS::Partition' },
            ':events:',
            { Ref: 'AWS::Region' },
            ':',
            { Ref: 'AWS::AccountId' },
            ':event-bus/default',
          ],
        ],
      },
    };
    // Reading and changing the schedule: its one rule (decision 55).
    const scheduleRule = {
      Effect: 'Allow',
      Action: ['events:DescribeRule', 'events:PutRule'],
      Resource: stateless.resolve(stateless.scrapeRun.scheduleRule.ruleArn),
    };
    // Objects under one prefix of the data bucket: a large CSV export (written, then linked), a large
    // import file (its form signed by the function's own role, then read).
    // (The same actions on both, so CDK merges them into one statement.)
    const objectsUnder = (prefix: string) => ({
      'Fn::Join': [
        '',
        [
          'arn:',
          { Ref: 'AWS::Partition' },
          ':s3:::',
          { 'Fn::ImportValue': expect.stringMatching(/-DataBucketName$/) },
          `/${prefix}*`,
        ],
      ],
    });
    const dataObjects = (resource: unknown) => ({
      Effect: 'Allow',
      Action: ['s3:GetObject', 's3:PutObject'],
      Resource: resource,
    });
    const exportFiles = dataObjects(objectsUnder('exports/'));
    const transferFiles = dataObjects([objectsUnder('exports/'), objectsUnder('uploads/')]);
    // The hosts' proxy passwords: the secrets under the app's host-proxy/ prefix, and no others.
    const proxySecrets = {
      Effect: 'Allow',
      Action: [
        'secretsmanager:CreateSecret',
        'secretsmanager:DeleteSecret',
        'secretsmanager:GetSecretValue',
        'secretsmanager:PutSecretValue',
      ],
      Resource: {
        'Fn::Join': [
          '',
          [
            'arn:',
            { Ref: 'AWS::Partition' },
            ':secretsmanager:',
            { Ref: 'AWS::Region' },
            ':',
            { Ref: 'AWS::AccountId' },
            expect.stringMatching(/^:secret:[\w-]+\/host-proxy\/\*$/),
          ],
        ],
      },
    };
    // Written out, not taken from bind-needs.ts, so a wider grant there fails this test.
    const expected: Record<RouteGroup, unknown[]> = {
      auth: [tableStatement(readWrite), ...secretStatements],
      // An import's upload queues its job on the bus (decision 60).
      products: [tableStatement(readWrite), ...secretStatements, putRunEvents, transferFiles],
      categories: [tableStatement(readWrite), ...secretStatements],
      'competitor-urls': [tableStatement(readWrite), ...secretStatements, putRunEvents, transferFiles],
      dashboard: [tableStatement(['dynamodb:GetItem', 'dynamodb:Query']), ...secretStatements, exportFiles],
      // Reads each channel's last delivery in one batch; no SES sender is set in this app.
      alerts: [tableStatement(['dynamodb:BatchGetItem', ...readWrite].sort()), ...secretStatements],
      scraper: [tableStatement(readWrite), ...secretStatements, ...runControl, putRunEvents, scheduleRule],
      users: [tableStatement(readWrite), ...secretStatements],
      'competitor-hosts': [tableStatement(readWrite), ...secretStatements, proxySecrets],
      competitors: [tableStatement(readWrite), ...secretStatements, ...discoveryControl],
      pricing: [tableStatement(readWrite), ...secretStatements],
    };

    for (const group of groups) {
      const statements = statementsOf(functionIdOf(group));
      expect(statements, group).toEqual(expected[group]);
      // Belt and braces: no wildcard anywhere in a route function's policy but the ones naming the
      // executions of our own state machines, the export files and the proxy passwords (their names
      // are only known when they start, or are asked for).
      const others = statements.filter(
        (statement) =>
          JSON.stringify(statement.Resource) !== JSON.stringify(executions) &&
          JSON.stringify(statement.Resource) !== JSON.stringify(discoveryControl[1]?.Resource) &&
          !JSON.stringify(statement.Resource).includes('/host-proxy/*"') &&
          ![statement.Resource]
            .flat()
            .every((resource) => /"\/(exports|uploads)\/\*"\]\]\}$/.test(JSON.stringify(resource))),
      );
      expect(JSON.stringify(others)).not.toContain('*');
    }
  });

  it('never let the dashboard write, nor any function scan the table', () => {
    const functionIds = Object.keys(template.findResources('AWS::Lambda::Function'));
    const actions = (id: string) => statementsOf(id).flatMap((statement) => [statement.Action].flat());
    expect(actions(functionIdOf('dashboard')).filter((a) => a.startsWith('dynamodb:'))).toEqual([
      'dynamodb:GetItem',
      'dynamodb:Query',
    ]);
    for (const id of functionIds) expect(actions(id)).not.toContain('dynamodb:Scan');
  });
});

describe('the scrape-run task functions', () => {
  it('may read and write items, and only Finalize may batch-read them', () => {
    const taskIds = Object.entries(stateless.scrapeRun.taskFunctions).map(
      ([task, fn]) => [task, logicalIdOf(stateless, fn)] as const,
    );
    expect(taskIds.map(([task]) => task).sort()).toEqual([
      'Finalize',
      'Prepare',
      'ReadFeeds',
      'RecordFailure',
      'RenderUrl',
      'ScrapeUrl',
    ]);
    const statusChangeId = logicalIdOf(stateless, stateless.scrapeRun.statusChangeFunction);
    for (const [task, id] of [...taskIds, ['StatusChange', statusChangeId] as const]) {
      const tableActions = statementsOf(id)
        .flatMap((statement) => [statement.Action].flat())
        .filter((action: string) => action.startsWith('dynamodb:'));
      expect(tableActions, task).toEqual(
        task === 'Finalize' ? ['dynamodb:BatchGetItem', ...readWrite].sort() : readWrite,
      );
    }
  });
});

describe('CloudFront', () => {
  const distribution = () => {
    const [dist] = Object.values(template.findResources('AWS::CloudFront::Distribution'));
    if (!dist) throw new Error('no distribution');
    return dist.Properties.DistributionConfig;
  };
  const originById = (id: string) => distribution().Origins.find((o: { Id: string }) => o.Id === id);

  it('sends /api/* to the HTTP API uncached, with every method and all viewer headers but Host', () => {
    const apiBehaviour = distribution().CacheBehaviors.find(
      (b: { PathPattern: string }) => b.PathPattern === '/api/*',
    );
    expect(apiBehaviour).toMatchObject({
      CachePolicyId: CachePolicy.CACHING_DISABLED.cachePolicyId,
      OriginRequestPolicyId: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
      AllowedMethods: expect.arrayContaining(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']),
      ViewerProtocolPolicy: 'https-only',
    });
    const origin = originById(apiBehaviour.TargetOriginId);
    const apiId = logicalIdOf(stateless, stateless.api.httpApi);
    expect(JSON.stringify(origin.DomainName)).toContain(apiId);
    expect(origin.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only' });
  });

  it('sends the API the origin-verify secret as a deploy-time dynamic reference, never a literal', () => {
    const apiBehaviour = distribution().CacheBehaviors.find(
      (b: { PathPattern: string }) => b.PathPattern === '/api/*',
    );
    const origin = originById(apiBehaviour.TargetOriginId);
    const secretArn = stateless.resolve(stateful.originVerifySecret.secretArn);
    expect(origin.OriginCustomHeaders).toEqual([
      {
        HeaderName: 'x-origin-verify',
        HeaderValue: { 'Fn::Join': ['', ['{{resolve:secretsmanager:', secretArn, ':SecretString:::}}']] },
      },
    ]);
    // The SPA bucket gets no secret.
    const spaOrigin = originById(distribution().DefaultCacheBehavior.TargetOriginId);
    expect(spaOrigin.OriginCustomHeaders).toBeUndefined();
  });

  it('lets only the route functions read the origin-verify secret', () => {
    const secretArn = JSON.stringify(stateless.resolve(stateful.originVerifySecret.secretArn));
    const routeRoles = new Set(
      groups.map((group) => resource(functionIdOf(group)).Properties.Role['Fn::GetAtt'][0]),
    );
    const readers = Object.values(template.findResources('AWS::IAM::Policy'))
      .filter((policy) =>
        policy.Properties.PolicyDocument.Statement.some((statement: { Resource: unknown }) =>
          JSON.stringify(statement.Resource).includes(secretArn),
        ),
      )
      .flatMap((policy) => policy.Properties.Roles.map((role: { Ref: string }) => role.Ref));
    expect(new Set(readers)).toEqual(routeRoles);
    const withSetting = Object.entries(template.findResources('AWS::Lambda::Function'))
      .filter(([, fn]) => 'ORIGIN_VERIFY_SECRET_ARN' in (fn.Properties.Environment?.Variables ?? {}))
      .map(([id]) => id);
    expect(withSetting.sort()).toEqual(groups.map(functionIdOf).sort());
  });

  it('reads the SPA bucket through origin access control, not a public website', () => {
    const origin = originById(distribution().DefaultCacheBehavior.TargetOriginId);
    expect(origin.OriginAccessControlId).toEqual({ 'Fn::GetAtt': [expect.any(String), 'Id'] });
    expect(origin.S3OriginConfig).toEqual({ OriginAccessIdentity: '' });
    template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: { OriginAccessControlOriginType: 's3', SigningBehavior: 'always' },
    });
  });

  it('names its account-wide resources per region, so a second region of the account can deploy too', () => {
    // CloudFront is global: a policy or origin access control named after the construct path alone
    // collides with the same stack's in another region.
    const regional = (name: string) => ({
      'Fn::Join': ['', [`${stateless.stackName}-${name}-`, { Ref: 'AWS::Region' }]],
    });
    template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: { Name: regional('site') },
    });
    template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: { Name: regional('security-headers') },
    });
    template.hasResourceProperties('AWS::CloudFront::Function', {
      Name: Match.objectLike({ 'Fn::Join': ['', Match.arrayWith([{ Ref: 'AWS::Region' }])] }),
    });
  });

  it('falls back to index.html with a viewer-request function, not with error pages that would hide API 404s', () => {
    expect(distribution().CustomErrorResponses).toBeUndefined();
    expect(distribution().DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [expect.any(String), 'FunctionARN'] } },
    ]);
    const apiBehaviour = distribution().CacheBehaviors.find(
      (b: { PathPattern: string }) => b.PathPattern === '/api/*',
    );
    expect(apiBehaviour.FunctionAssociations).toBeUndefined();
  });

  it('the fallback function rewrites client routes and leaves files alone', () => {
    const [fn] = Object.values(template.findResources('AWS::CloudFront::Function'));
    const handler = new Function(`${fn?.Properties.FunctionCode}; return handler;`)() as (event: unknown) => {
      uri: string;
    };
    const rewrite = (uri: string) => handler({ request: { uri } }).uri;

    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/dashboard')).toBe('/index.html');
    expect(rewrite('/products/42/edit')).toBe('/index.html');
    expect(rewrite('/config.json')).toBe('/config.json');
    expect(rewrite('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(fn?.Properties.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
  });

  it('adds HSTS and the CSP to the SPA and the API', () => {
    template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: {
        SecurityHeadersConfig: {
          StrictTransportSecurity: {
            AccessControlMaxAgeSec: Match.anyValue(),
            IncludeSubdomains: true,
            Override: true,
          },
          ContentSecurityPolicy: { ContentSecurityPolicy: Match.anyValue(), Override: true },
        },
      },
    });
    const [policy] = Object.values(template.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
    const headers = policy?.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(headers.StrictTransportSecurity.AccessControlMaxAgeSec).toBeGreaterThanOrEqual(31_536_000);
    // The policy names the data bucket's address (an import's upload goes there), so it is joined at deploy.
    const [joined, parts] = headers.ContentSecurityPolicy.ContentSecurityPolicy['Fn::Join'];
    const csp = (parts as unknown[])
      .map((part) => (typeof part === 'string' ? part : '<token>'))
      .join(joined);
    // The SPA needs no <base>: an injected one must not be able to move its relative URLs.
    expect(csp.split('; ')).toContain("base-uri 'none'");
    // Scripts and everything else from the site alone; only fetches may also go to the data bucket.
    expect(csp.split('; ')).toEqual(
      expect.arrayContaining([
        "default-src 'self'",
        "script-src 'self'",
        expect.stringMatching(/^connect-src 'self' https:\/\/<token>\.s3\.<token>\.<token>$/),
      ]),
    );

    const policyRef = {
      Ref: Object.keys(template.findResources('AWS::CloudFront::ResponseHeadersPolicy'))[0],
    };
    expect(distribution().DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual(policyRef);
    for (const behaviour of distribution().CacheBehaviors)
      expect(behaviour.ResponseHeadersPolicyId).toEqual(policyRef);
  });

  it('writes standard logs to the log bucket', () => {
    expect(distribution().Logging).toMatchObject({ Bucket: expect.anything(), Prefix: 'cloudfront/' });
  });

  it('publishes the site URL', () => {
    template.hasOutput('SiteUrl', {
      Value: { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [Match.anyValue(), 'DomainName'] }]] },
    });
  });
});

describe('the SPA upload', () => {
  it('uploads the build and config.json, then invalidates the distribution', () => {
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      DistributionId: { Ref: Match.anyValue() },
      DistributionPaths: ['/*'],
      SourceObjectKeys: Match.arrayEquals([Match.anyValue(), Match.anyValue()]),
    });
  });

  it('caches hashed bundles for a year but makes index.html and config.json revalidate, bundles first', () => {
    const deployments = template.findResources('Custom::CDKBucketDeployment');
    const [assetsId, assets] = Object.entries(deployments).find(([, d]) => d.Properties.Include) ?? [];
    const [, entry] = Object.entries(deployments).find(([, d]) => d.Properties.DistributionId) ?? [];

    expect(assets?.Properties).toMatchObject({
      Exclude: ['*'],
      Include: ['assets/*'],
      Prune: false,
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
    expect(entry?.Properties).toMatchObject({
      Exclude: ['assets/*'],
      SystemMetadata: { 'cache-control': 'no-cache' },
    });
    expect(entry?.DependsOn).toContain(assetsId);
  });

  it("writes the shop currency and the API's same-origin path into config.json", () => {
    const configs = readdirSync(outdir)
      .filter((name) => name.startsWith('asset.') && !name.endsWith('.zip'))
      .flatMap((name) => readdirSync(join(outdir, name)).map((file) => join(outdir, name, file)))
      .filter((file) => file.endsWith('config.json'));
    expect(configs).toHaveLength(1);
    expect(JSON.parse(readFileSync(configs[0] as string, 'utf8'))).toEqual({
      apiUrl: '/api',
      shopCurrency: 'EUR',
    });
  });
});

describe('synth preconditions', () => {
  it('refuses a shop currency that is not an ISO code', () => {
    const scratch = scratchDir();
    const app = new App({ outdir: join(scratch, 'bad-currency.out'), context: { shopCurrency: 'pounds' } });
    expect(() => checkMyPrice(app, { webDistDir: scratch })).toThrow(/SHOP_CURRENCY: an ISO 4217 code/);
  });

  it('explains how to build the SPA when web/dist is missing', () => {
    const scratch = scratchDir();
    const app = new App({ outdir: join(scratch, 'no-dist.out'), context: { 'aws:cdk:bundling-stacks': [] } });
    expect(() => checkMyPrice(app, { webDistDir: join(scratch, 'no-such-dist') })).toThrow(/npm run build/);
  });
});
