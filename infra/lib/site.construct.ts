import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DefaultStackSynthesizer, Duration, Fn, SecretValue, Stack } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as EdgeFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  ResponseHeadersPolicy,
  S3OriginAccessControl,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { AaaaRecord, ARecord, HostedZone, RecordTarget } from 'aws-cdk-lib/aws-route53';
import { CloudFrontTarget } from 'aws-cdk-lib/aws-route53-targets';
import { Bucket, type IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct, type IConstruct } from 'constructs';
import { ORIGIN_VERIFY_HEADER } from '../../functions/src/http/client-address';
import { contentSecurityPolicy } from './content-security-policy';
import type { CustomDomainSettings } from './custom-domain-settings';
import { acknowledge, basicExecutionRoleFinding } from './nag';

export interface SiteProps {
  /**
   * Export holding the SPA bucket's name. The bucket's policy (stateful stack) already lets this
   * account's CloudFront read it.
   */
  readonly siteBucketExport: string;
  readonly logBucket: IBucket;
  /** Where a large import file is sent from the browser (its origin is in the CSP's connect-src). */
  readonly dataBucket: IBucket;
  readonly httpApi: IHttpApi;
  /** Sent to the API in `x-origin-verify` so it can refuse callers that bypass CloudFront. */
  readonly originVerifySecret: ISecret;
  /**
   * The version of it to send. Naming the new version after a rotation changes the template, which
   * is what makes CloudFormation read the secret again (decision 52); null names none.
   */
  readonly originVerifyVersion: string | null;
  /** The built SPA (`web/dist`). */
  readonly webDistDir: string;
  /** Written to `/config.json`, which the SPA reads at start. */
  readonly siteConfig: { readonly apiUrl: string; readonly shopCurrency: string };
  /** The site's own name and its us-east-1 certificate; null: the *.cloudfront.net name. */
  readonly customDomain: CustomDomainSettings | null;
}

// Viewer request on the SPA only: a path without a file extension is a client route, so it gets
// index.html. Done here rather than with error responses so /api keeps its own JSON 404s.
const spaFallbackCode = `function handler(event) {
  var request = event.request;
  var lastSegment = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

/**
 * A name for a CloudFront resource, unique per stack AND region: CloudFront is global, so the
 * construct-path names CDK makes by default collide when a second region of one account deploys.
 */
export const regionalName = (stack: Stack, name: string) => `${stack.stackName}-${name}-${stack.region}`;

/** CloudFront in front of the SPA bucket and the API (`/api/*`), one origin, plus the SPA upload. */
export class Site extends Construct {
  readonly distribution: Distribution;
  /** The name people open: the custom domain, or the distribution's own (a token until deploy). */
  readonly domainName: string;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);
    if (!existsSync(join(props.webDistDir, 'index.html'))) {
      throw new Error(`${props.webDistDir} has no index.html: build the web first (npm run build)`);
    }
    const stack = Stack.of(this);
    // Imported by name, not passed as a construct: origin access control would otherwise write this
    // distribution's id into the stateful stack's bucket policy, and the two stacks would form a cycle.
    const siteBucket = Bucket.fromBucketName(this, 'SiteBucket', Fn.importValue(props.siteBucketExport));

    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      responseHeadersPolicyName: regionalName(stack, 'security-headers'),
      comment: 'Check My Price: HSTS, CSP and friends',
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(730),
          includeSubdomains: true,
          override: true,
        },
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy(
            `https://${props.dataBucket.bucketRegionalDomainName}`,
          ),
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: {
          referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
      },
    });

    const spaFallback = new EdgeFunction(this, 'SpaFallback', {
      comment: 'Serves index.html for client-side routes',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(spaFallbackCode),
    });

    const apiOrigin = new HttpOrigin(
      `${props.httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`,
      {
        protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
        originSslProtocols: [OriginSslPolicy.TLS_V1_2],
        // A dynamic reference CloudFormation resolves at deploy: the value is in no template or repo.
        // It replaces any viewer header of the same name.
        customHeaders: {
          [ORIGIN_VERIFY_HEADER]: SecretValue.secretsManager(
            props.originVerifySecret.secretArn,
            props.originVerifyVersion ? { versionId: props.originVerifyVersion } : {},
          ).unsafeUnwrap(),
        },
      },
    );

    const { customDomain } = props;
    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Check My Price',
      // With a domain of its own: served under that name with its certificate (SNI), TLS 1.2 at least.
      ...(customDomain && {
        domainNames: [customDomain.domainName],
        certificate: Certificate.fromCertificateArn(this, 'Certificate', customDomain.certificateArn),
        minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
      }),
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      enableLogging: true,
      logBucket: props.logBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(siteBucket, {
          originAccessControl: new S3OriginAccessControl(this, 'SiteOriginAccess', {
            originAccessControlName: regionalName(stack, 'site'),
            description: 'Check My Price: CloudFront reads the SPA bucket',
          }),
        }),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [{ eventType: FunctionEventType.VIEWER_REQUEST, function: spaFallback }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: apiOrigin,
          // HTTPS only: a redirect would turn a POST into a GET and lose its body.
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Host must stay the API's own name or API Gateway does not recognise the request.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
        },
      },
    });

    this.domainName = customDomain?.domainName ?? this.distribution.distributionDomainName;
    if (customDomain?.hostedZone) this.addAliasRecords(customDomain.domainName, customDomain.hostedZone);

    // Hashed bundles never change under one name: cache them for a year. Old ones stay (no prune)
    // so a tab opened before a deploy can still load its lazy chunks.
    const assets = new BucketDeployment(this, 'DeployAssets', {
      sources: [Source.asset(props.webDistDir)],
      destinationBucket: siteBucket,
      exclude: ['*'],
      include: ['assets/*'],
      prune: false,
      cacheControl: [
        CacheControl.setPublic(),
        CacheControl.maxAge(Duration.days(365)),
        CacheControl.immutable(),
      ],
    });
    // index.html and config.json name the current bundles and settings: always revalidate.
    const entry = new BucketDeployment(this, 'DeployEntry', {
      sources: [Source.asset(props.webDistDir), Source.jsonData('config.json', props.siteConfig)],
      destinationBucket: siteBucket,
      exclude: ['assets/*'],
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    // The new index.html must not go live before the bundles it points at.
    entry.node.addDependency(assets);

    acknowledgeDistribution(this.distribution, customDomain !== null);
    acknowledgeDeploymentHandler(assets, props.siteBucketExport);
  }

  /** A and AAAA alias records for the domain in its Route 53 zone (the distribution serves IPv6 too). */
  private addAliasRecords(domainName: string, zone: NonNullable<CustomDomainSettings['hostedZone']>): void {
    const hostedZone = HostedZone.fromHostedZoneAttributes(this, 'HostedZone', {
      hostedZoneId: zone.id,
      zoneName: zone.name,
    });
    const record = {
      zone: hostedZone,
      // Fully qualified, so a domain equal to the zone's name is the zone's apex.
      recordName: `${domainName}.`,
      target: RecordTarget.fromAlias(new CloudFrontTarget(this.distribution)),
      comment: 'Check My Price',
    };
    new ARecord(this, 'AliasRecord', record);
    new AaaaRecord(this, 'AliasRecordIpv6', record);
  }
}

function acknowledgeDistribution(distribution: Distribution, ownCertificate: boolean): void {
  acknowledge(
    distribution,
    'The bucket policy is written in the stateful stack (any distribution of this account may read the public SPA).',
    'Annotation::@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac',
  );
  acknowledge(
    distribution,
    'Shop staff sign in from wherever they work; the data is behind sign-in, not behind a country list.',
    'AwsSolutions-CFR1',
  );
  acknowledge(
    distribution,
    'No WAF by default (a web ACL costs more than the rest of a small installation): the API stage is ' +
      'throttled and sign-in is throttled per account and per address in code. Attach a web ACL if needed.',
    'AwsSolutions-CFR2',
  );
  // With a custom domain the distribution has its own certificate and TLSv1.2_2021: nothing to excuse.
  if (ownCertificate) return;
  acknowledge(
    distribution,
    'The distribution uses the default *.cloudfront.net certificate, whose minimum TLS version CloudFront ' +
      'fixes; deploy with domainName and certificateArn to serve a certificate of its own with TLSv1.2_2021.',
    'AwsSolutions-CFR4',
  );
}

// The upload Lambda is CDK's own (one per stack, shared by both deployments); its policy is CDK's.
function acknowledgeDeploymentHandler(deployment: BucketDeployment, siteBucketExport: string): void {
  const handler: IConstruct | undefined = deployment.handlerRole.node.scope;
  if (!handler) return;
  const qualifier =
    (handler.node.tryGetContext('@aws-cdk/core:bootstrapQualifier') as string | undefined) ??
    DefaultStackSynthesizer.DEFAULT_QUALIFIER;
  acknowledge(
    handler,
    "CDK's BucketDeployment handler: it copies the built SPA from the CDK asset bucket into the SPA " +
      'bucket (read, write and delete objects of those two buckets only) and invalidates CloudFront, ' +
      'whose invalidation actions CDK grants on *.',
    basicExecutionRoleFinding,
    'AwsSolutions-IAM5[Action::s3:GetBucket*]',
    'AwsSolutions-IAM5[Action::s3:GetObject*]',
    'AwsSolutions-IAM5[Action::s3:List*]',
    'AwsSolutions-IAM5[Action::s3:Abort*]',
    'AwsSolutions-IAM5[Action::s3:DeleteObject*]',
    `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-${qualifier}-assets-<AWS::AccountId>-<AWS::Region>/*]`,
    `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::${siteBucketExport}/*]`,
    'AwsSolutions-IAM5[Resource::*]',
  );
  acknowledge(
    handler,
    "CDK's BucketDeployment handler: CDK picks and updates its runtime.",
    'AwsSolutions-L1',
  );
}
