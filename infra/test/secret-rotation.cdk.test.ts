import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, type CfnResource } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeGroups } from '../../functions/src/http/routes';
import { checkMyPrice } from '../lib/check-my-price';
import { readOriginVerifyVersion } from '../lib/origin-verify-version';

// A deploy after a rotation (decision 52): `-c originVerifyVersion=<VersionId>` as put-secret-value printed it.
const VERSION_ID = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
const scratch = mkdtempSync(join(tmpdir(), 'cmp-cdk-rotation-'));
let template: Template;
let app: ReturnType<typeof checkMyPrice>;

// The first synth of a process loads most of aws-cdk-lib: allow it more than a hook's default 10 s.
beforeAll(() => {
  const webDistDir = join(scratch, 'web');
  mkdirSync(webDistDir);
  writeFileSync(join(webDistDir, 'index.html'), '<!doctype html><title>Check My Price</title>');
  const { context } = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8'));
  app = checkMyPrice(
    new App({
      outdir: join(scratch, 'cdk.out'),
      context: { ...context, 'aws:cdk:bundling-stacks': [], originVerifyVersion: VERSION_ID },
    }),
    { webDistDir },
  );
  template = Template.fromStack(app.stateless);
}, 120_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

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
