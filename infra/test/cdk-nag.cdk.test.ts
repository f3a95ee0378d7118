import { type App, Stack, Validations } from 'aws-cdk-lib';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkMyPrice } from '../lib/check-my-price';
import { newApp, synthesizedApp } from './support/cdk-app';

// cdk-nag 3 runs as a policy-validation plugin during synth; these tests check what it sees.
let app: App;
let webDistDir: string;

// The first synth of a process loads most of aws-cdk-lib: allow it more than a hook's default 10 s.
beforeAll(() => {
  ({ app, webDistDir } = synthesizedApp('eur'));
  app.synth();
}, 120_000);

function acknowledgements(root: IConstruct) {
  return root.node.findAll().flatMap((construct) =>
    construct.node.metadata
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) => Object.entries(entry.data as Record<string, string>))
      .map(([id, reason]) => ({ construct, id, reason })),
  );
}

describe('cdk-nag AwsSolutions', () => {
  it('finds nothing that is not acknowledged', () => {
    const report = new AwsSolutionsChecks().validateScope(app);
    const findings = report.violations.map(
      (v) => `${v.ruleName} at ${v.violatingResources.map((r) => r.constructPath).join(', ')}`,
    );
    expect(findings).toEqual([]);
  });

  it('fails the synth on a new finding', () => {
    const failing = newApp('failing.out');
    const { stateless } = checkMyPrice(failing, { webDistDir });
    new Bucket(stateless, 'CarelessBucket');
    expect(() => failing.synth()).toThrow(/server access logs[\s\S]*CarelessBucket/);
  });

  it('is acknowledged on the resources concerned, never for a whole stack, each with a reason', () => {
    const acks = acknowledgements(app);
    expect(acks.length).toBeGreaterThan(0);
    for (const { construct, id, reason } of acks) {
      expect(
        Stack.isStack(construct) || construct === app,
        `${id} acknowledged on ${construct.node.path}`,
      ).toBe(false);
      expect(reason.length, `reason for ${id} on ${construct.node.path}`).toBeGreaterThan(30);
    }
  });
});
