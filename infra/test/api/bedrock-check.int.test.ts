import { afterAll, describe, expect, it } from 'vitest';
import { startConverseStandIn } from '../support/converse-stand-in';
import { runToEnd } from '../support/processes';

/** Bedrock Converse's stand-in: answers the report_price tool, or refuses access, as told. */
let refuse = false;
const bedrock = await startConverseStandIn(() =>
  refuse
    ? { error: 'AccessDeniedException', status: 403 }
    : { report: { price: 24.99, currency: 'GBP', stock: 'in_stock', confidence: 0.9, evidence: '£24.99' } },
);
afterAll(() => bedrock.close());

const check = () =>
  runToEnd('infra/scripts/bedrock-check.ts', ['--model', 'eu.test-model-v1:0', '--region', 'eu-west-1'], {
    BEDROCK_ENDPOINT: bedrock.endpoint,
  });

describe('npm run bedrock:check', () => {
  it('makes one call as the scraper does and prints what the model answered', async () => {
    refuse = false;
    const { code, output } = await check();

    expect(code).toBe(0);
    expect(output).toContain('OK: eu.test-model-v1:0 answered price 24.99 GBP (120 tokens in, 20 out).');
  });

  it('says what to do when the account has no access to the model yet', async () => {
    refuse = true;
    const { code, output } = await check();

    expect(code).toBe(1);
    expect(output).toContain(
      'The call to eu.test-model-v1:0 failed: Bedrock call failed (AccessDeniedException)',
    );
    expect(output).toContain('use-case form');
  });
});
