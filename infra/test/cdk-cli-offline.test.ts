import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** `npm run synth` and the other CDK commands promise no network call (README, Deploy). */
describe('cdk.json', () => {
  const cdkJson = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8'));

  it('turns off the CDK CLI notices, which it would fetch from the network', () => {
    expect(cdkJson.notices).toBe(false);
  });

  it('turns off the CDK CLI telemetry, which it would send', () => {
    expect(cdkJson.context['cli-telemetry']).toBe(false);
  });
});
