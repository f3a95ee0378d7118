import { App, type CfnResource } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeGroups } from '../../functions/src/http/routes';
import { readOriginVerifyVersion } from '../lib/origin-verify-version';
import { type SynthesizedApp, synthesizedApp, VERSION_ID } from './support/cdk-app';

// A deploy after a rotation (decision 52): the shared app with `-c originVerifyVersion=<VERSION_ID>`
// as put-secret-value printed it (support/cdk-app.ts; its SES sender changes nothing asserted here).
let template: Template;
let app: SynthesizedApp;

// The first synth of a process loads most of aws-cdk-lib: allow it more than a hook's default 10 s.
beforeAll(() => {
  app = synthesizedApp('rotated-with-ses');
  template = app.statelessTemplate;
}, 120_000);

describe('a deploy after rotating the origin-verify secret', () => {
  it("sends CloudFront the version the deploy names, so the distribution's header changes with it", () => {
    const secretArn = app.stateless.resolve(app.stateful.originVerifySecret.secretArn);
    const [distribution] = Object.values(template.findResources('AWS::CloudFront::Distribution'));
    const headers = distribution?.Properties.DistributionConfig.Origins.flatMap(
      (origin: { OriginCustomHeaders?: unknown[] }) => origin.OriginCustomHeaders ?? [],
    );
    expect(headers).toEqual([
      {
        HeaderName: 'x-origin-verify',
        HeaderValue: {
          'Fn::Join': ['', ['{{resolve:secretsmanager:', secretArn, `:SecretString:::${VERSION_ID}}}`]],
        },
      },
    ]);
  });

  it('lets every route function read any version of both secrets (the previous one during a rotation)', () => {
    const secretArns = [app.stateful.originVerifySecret, app.stateful.tokenSecret].map((secret) =>
      app.stateless.resolve(secret.secretArn),
    );
    const functions = template.toJSON().Resources;
    const roles = Object.keys(routeGroups).map((group) => {
      const fn = app.stateless.api.functions.of(group as keyof typeof routeGroups);
      const functionId = app.stateless.resolve((fn.node.defaultChild as CfnResource).logicalId);
      return functions[functionId].Properties.Role['Fn::GetAtt'][0] as string;
    });
    for (const role of roles) {
      const statements = Object.values(
        template.findResources('AWS::IAM::Policy', { Properties: { Roles: [{ Ref: role }] } }),
      ).flatMap((policy) => policy.Properties.PolicyDocument.Statement);
      const reads = statements.find((s) => [s.Action].flat().includes('secretsmanager:GetSecretValue'));
      // No VersionStage condition: AWSCURRENT and AWSPREVIOUS are both read.
      expect(reads, role).toMatchObject({ Effect: 'Allow', Resource: expect.arrayContaining(secretArns) });
      expect(reads.Condition, role).toBeUndefined();
    }
  });
});

describe('the originVerifyVersion setting', () => {
  const read = (context: Record<string, string>, env: Record<string, string> = {}) =>
    readOriginVerifyVersion(new App({ context }), env);

  it('comes from the context, else ORIGIN_VERIFY_VERSION, else names no version', () => {
    expect(read({ originVerifyVersion: VERSION_ID }, { ORIGIN_VERIFY_VERSION: 'x'.repeat(40) })).toBe(
      VERSION_ID,
    );
    expect(read({}, { ORIGIN_VERIFY_VERSION: VERSION_ID })).toBe(VERSION_ID);
    expect(read({})).toBeNull();
  });

  it('fails the synth with a message for anything but a VersionId', () => {
    for (const wrong of ['AWSCURRENT', `${VERSION_ID}}}`, 'a b'.repeat(12)])
      expect(() => read({ originVerifyVersion: wrong }), wrong).toThrow(
        /originVerifyVersion: the VersionId put-secret-value printed/,
      );
  });
});
