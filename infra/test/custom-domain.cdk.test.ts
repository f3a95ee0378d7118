import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, type CfnResource, type Stack, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readAppSettings } from '../lib/app-settings';
import { checkMyPrice } from '../lib/check-my-price';

/**
 * The site on a domain of its own (`domainName` + `certificateArn`, optionally a Route 53 zone), and
 * unchanged without one. Its own apps, synthesized without bundling (decision 16) with cdk.json's
 * feature flags; the deploy settings' environment variables are blanked so a shell's cannot leak in.
 */
const scratch = mkdtempSync(join(tmpdir(), 'cmp-cdk-custom-domain-'));
const webDistDir = join(scratch, 'web');
const { context: cdkContext } = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8'));
const envKeys = ['DOMAIN_NAME', 'CERTIFICATE_ARN', 'HOSTED_ZONE_ID', 'HOSTED_ZONE_NAME'];

const domainName = 'prices.shop.example';
const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/0b4f3c1e-5d2a-4e6f-9a7b-8c9d0e1f2a3b';
const zone = { hostedZoneId: 'Z0123456789ABCDEFGHIJ', hostedZoneName: 'shop.example' };

// Template JSON is untyped; the assertions say what shape they expect.
// biome-ignore lint/suspicious/noExplicitAny: CloudFormation template fragments
type Json = any;
type Built = ReturnType<typeof checkMyPrice> & { app: App; template: Template };

let appCount = 0;
function build(context: Record<string, string>): Built {
  const app = new App({
    outdir: join(scratch, `cdk-${appCount++}.out`),
    context: { ...cdkContext, 'aws:cdk:bundling-stacks': [], ...context },
  });
  const built = checkMyPrice(app, { webDistDir });
  return { ...built, app, template: Template.fromStack(built.stateless) };
}

let plain: Built;
let custom: Built;
let withZone: Built;

// The first synth of a process loads most of aws-cdk-lib: allow it more than a hook's default 10 s.
beforeAll(() => {
  for (const key of envKeys) vi.stubEnv(key, '');
  mkdirSync(webDistDir);
  writeFileSync(join(webDistDir, 'index.html'), '<!doctype html><title>Check My Price</title>');
  plain = build({});
  custom = build({ domainName, certificateArn });
  withZone = build({ domainName, certificateArn, ...zone });
}, 120_000);

afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(scratch, { recursive: true, force: true });
});

const logicalIdOf = (stack: Stack, construct: { node: { defaultChild?: unknown } }) =>
  stack.resolve((construct.node.defaultChild as CfnResource).logicalId) as string;
const distributionConfig = ({ template }: Built): Json => {
  const [distribution] = Object.values(template.findResources('AWS::CloudFront::Distribution'));
  return distribution?.Properties.DistributionConfig;
};
const outputs = ({ template }: Built): Json => template.toJSON().Outputs;
/** APP_URL of every function that has one, by logical id. */
const appUrls = ({ template }: Built): Record<string, Json> =>
  Object.fromEntries(
    Object.entries(template.findResources('AWS::Lambda::Function'))
      .filter(([, fn]) => fn.Properties.Environment?.Variables?.APP_URL !== undefined)
      .map(([id, fn]) => [id, fn.Properties.Environment.Variables.APP_URL]),
  );
/** The two functions that send alerts: the run-end alerts Lambda and the alerts API's (Send test). */
const alertSenders = ({ stateless }: Built) =>
  [stateless.alerts.fn, stateless.api.functions.of('alerts')].map((fn) => logicalIdOf(stateless, fn));
/** Whether anything in the app acknowledges cdk-nag's viewer-TLS finding (ids are stored qualified). */
const acknowledgesViewerTls = ({ app }: Built) =>
  app.node
    .findAll()
    .flatMap((construct) => construct.node.metadata)
    .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
    .flatMap((entry) => Object.keys(entry.data as Record<string, string>))
    .some((id) => id.endsWith('AwsSolutions-CFR4'));
const distributionDomain = ({ stateless }: Built) =>
  stateless.resolve(stateless.site.distribution.distributionDomainName);

describe('with domainName and certificateArn', () => {
  it('serves the domain as the distribution’s alternate name with that certificate, SNI and TLS 1.2_2021', () => {
    const config = distributionConfig(custom);
    expect(config.Aliases).toEqual([domainName]);
    expect(config.ViewerCertificate).toEqual({
      AcmCertificateArn: certificateArn,
      SslSupportMethod: 'sni-only',
      MinimumProtocolVersion: 'TLSv1.2_2021',
    });
  });

  it('publishes https://<domainName> as the SiteUrl, and the distribution’s own name for DNS', () => {
    expect(outputs(custom).SiteUrl.Value).toBe(`https://${domainName}`);
    expect(outputs(custom).DistributionDomainName.Value).toEqual(distributionDomain(custom));
  });

  it('gives the functions that send alerts the custom domain for their links', () => {
    const urls = appUrls(custom);
    expect(Object.keys(urls).sort()).toEqual(alertSenders(custom).sort());
    for (const url of Object.values(urls)) expect(url).toBe(`https://${domainName}`);
  });

  it('leaves DNS to the engineer when no hosted zone is given', () => {
    expect(custom.template.findResources('AWS::Route53::RecordSet')).toEqual({});
  });

  it('passes cdk-nag with nothing acknowledged for the viewer certificate', () => {
    custom.app.synth();
    const report = new AwsSolutionsChecks().validateScope(custom.app);
    expect(report.violations.map((v) => v.ruleName)).toEqual([]);
    expect(acknowledgesViewerTls(custom)).toBe(false);
  });
});

describe('with a hosted zone as well', () => {
  it('creates A and AAAA alias records for the domain pointing at the distribution', () => {
    const records = Object.values(withZone.template.findResources('AWS::Route53::RecordSet')).map(
      (record) => record.Properties,
    );
    expect(records.map((record) => record.Type).sort()).toEqual(['A', 'AAAA']);
    for (const record of records) {
      expect(record).toMatchObject({
        Name: `${domainName}.`,
        HostedZoneId: zone.hostedZoneId,
        AliasTarget: { DNSName: distributionDomain(withZone) },
      });
    }
  });

  it('passes cdk-nag', () => {
    withZone.app.synth();
    expect(new AwsSolutionsChecks().validateScope(withZone.app).violations).toEqual([]);
  });
});

describe('without them', () => {
  it('keeps the distribution’s default name and certificate', () => {
    const config = distributionConfig(plain);
    expect(config.Aliases).toBeUndefined();
    expect(config.ViewerCertificate).toBeUndefined();
    expect(plain.template.findResources('AWS::Route53::RecordSet')).toEqual({});
    // The default certificate's TLS floor is CloudFront's: the one finding a custom domain removes.
    expect(acknowledgesViewerTls(plain)).toBe(true);
  });

  it('publishes and links to the distribution’s own name', () => {
    const siteUrl = { 'Fn::Join': ['', ['https://', distributionDomain(plain)]] };
    expect(outputs(plain).SiteUrl.Value).toEqual(siteUrl);
    expect(outputs(plain).DistributionDomainName.Value).toEqual(distributionDomain(plain));
    for (const url of Object.values(appUrls(plain))) expect(plain.stateless.resolve(url)).toEqual(siteUrl);
  });
});

describe('the custom domain settings', () => {
  const settingsWith = (context: Record<string, string>, env: Record<string, string> = {}) =>
    readAppSettings(new App({ context }), env).customDomain;
  /** The synth itself refuses them: checkMyPrice reads the settings before it builds anything. */
  const synthWith = (context: Record<string, string>) => () =>
    checkMyPrice(new App({ context }), { webDistDir });

  it('are read from context first, then the environment', () => {
    expect(settingsWith({}, { DOMAIN_NAME: domainName, CERTIFICATE_ARN: certificateArn })).toEqual({
      domainName,
      certificateArn,
      hostedZone: null,
    });
    // The context's domain wins; the certificate and the zone come from the environment.
    expect(
      settingsWith(
        { domainName: 'www.shop.example' },
        {
          DOMAIN_NAME: domainName,
          CERTIFICATE_ARN: certificateArn,
          HOSTED_ZONE_ID: zone.hostedZoneId,
          HOSTED_ZONE_NAME: zone.hostedZoneName,
        },
      ),
    ).toEqual({
      domainName: 'www.shop.example',
      certificateArn,
      hostedZone: { id: zone.hostedZoneId, name: zone.hostedZoneName },
    });
    expect(settingsWith({ domainName, certificateArn, ...zone })?.hostedZone).toEqual({
      id: zone.hostedZoneId,
      name: zone.hostedZoneName,
    });
  });

  it('are off when neither is set', () => {
    expect(settingsWith({})).toBeNull();
    expect(settingsWith({}, { DOMAIN_NAME: '', CERTIFICATE_ARN: '' })).toBeNull();
  });

  it('need both: either alone fails the synth naming the other', () => {
    expect(synthWith({ domainName })).toThrow(
      /Invalid deploy configuration:\n {2}domainName \(DOMAIN_NAME\): set certificateArn \(CERTIFICATE_ARN\) too/,
    );
    expect(synthWith({ certificateArn })).toThrow(
      /certificateArn \(CERTIFICATE_ARN\): set domainName \(DOMAIN_NAME\) too/,
    );
    expect(() => settingsWith({}, { CERTIFICATE_ARN: certificateArn })).toThrow(/set domainName/);
  });

  it.each([
    ['Prices.Shop.Example', /domainName \(DOMAIN_NAME\): write it in lower case: prices\.shop\.example/],
    ['https://prices.shop.example', /domainName \(DOMAIN_NAME\): .* is an address; give the host name alone/],
    ['prices', /domainName \(DOMAIN_NAME\): prices is not a DNS name/],
    ['prices..shop.example', /is not a DNS name/],
    ['-prices.shop.example', /is not a DNS name/],
    ['prices_shop.example', /is not a DNS name/],
    ['*.shop.example', /is not a DNS name/],
    ['prices.shop.example.', /is not a DNS name/],
    ['10.0.0.1', /is not a DNS name/],
    [`${'a'.repeat(64)}.shop.example`, /is not a DNS name/],
  ])('refuse the domain %s', (name, message) => {
    expect(synthWith({ domainName: name, certificateArn })).toThrow(message);
  });

  it('refuse a certificate in another region, saying CloudFront needs us-east-1', () => {
    expect(
      synthWith({
        domainName,
        certificateArn: 'arn:aws:acm:eu-west-2:123456789012:certificate/0b4f3c1e-5d2a-4e6f-9a7b-8c9d0e1f2a3b',
      }),
    ).toThrow(
      /certificateArn \(CERTIFICATE_ARN\): the certificate is in eu-west-2, but CloudFront needs one in us-east-1/,
    );
  });

  it.each([
    'arn:aws:acm:us-east-1:12345:certificate/0b4f3c1e',
    'arn:aws:iam::123456789012:server-certificate/prices',
    'arn:aws:acm:us-east-1:123456789012:certificate/',
    '0b4f3c1e-5d2a-4e6f-9a7b-8c9d0e1f2a3b',
  ])('refuse %s as not an ACM certificate ARN', (arn) => {
    expect(synthWith({ domainName, certificateArn: arn })).toThrow(
      /certificateArn \(CERTIFICATE_ARN\): .* is not an ACM certificate ARN such as arn:aws:acm:us-east-1:/,
    );
  });

  it('list every problem at once', () => {
    expect(
      synthWith({
        domainName: 'Prices.Shop.Example',
        certificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/x',
      }),
    ).toThrow(/write it in lower case[\s\S]*CloudFront needs one in us-east-1/);
  });

  it('refuse a hosted zone given by halves, without a domain, malformed, or not holding the domain', () => {
    const both = { domainName, certificateArn };
    expect(synthWith({ ...both, hostedZoneId: zone.hostedZoneId })).toThrow(
      /hostedZoneId \(HOSTED_ZONE_ID\): set hostedZoneName \(HOSTED_ZONE_NAME\) too/,
    );
    expect(synthWith({ ...both, hostedZoneName: zone.hostedZoneName })).toThrow(
      /hostedZoneName \(HOSTED_ZONE_NAME\): set hostedZoneId \(HOSTED_ZONE_ID\) too/,
    );
    expect(synthWith(zone)).toThrow(/hostedZoneId \(HOSTED_ZONE_ID\): only with domainName \(DOMAIN_NAME\)/);
    expect(synthWith({ ...both, ...zone, hostedZoneId: '/hostedzone/Z0123456789ABCDEFGHIJ' })).toThrow(
      /is not a Route 53 hosted zone id/,
    );
    expect(synthWith({ ...both, ...zone, hostedZoneName: 'other.example' })).toThrow(
      /domainName \(DOMAIN_NAME\): prices\.shop\.example is not in the hosted zone other\.example/,
    );
    expect(synthWith({ ...both, ...zone, hostedZoneName: 'hop.example' })).toThrow(
      /is not in the hosted zone/,
    );
    expect(settingsWith({ ...both, ...zone, hostedZoneName: domainName })?.hostedZone?.name).toBe(domainName);
  });
});
