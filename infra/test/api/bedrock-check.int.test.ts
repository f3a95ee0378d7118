import { once } from 'node:events';
import { createServer as createHttp2Server } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { runToEnd } from '../support/processes';

/** Bedrock Converse's stand-in: answers the report_price tool, or refuses access, as told. */
let refuse = false;
const bedrock = createHttp2Server((req, res) => {
  req.resume();
  req.on('end', () => {
    if (refuse) {
      res.writeHead(403, { 'content-type': 'application/json', 'x-amzn-errortype': 'AccessDeniedException' });
      return res.end(
        JSON.stringify({ message: "You don't have access to the model with the specified model ID." }),
      );
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        output: {
          message: {
            role: 'assistant',
            content: [
              {
                toolUse: {
                  toolUseId: 't1',
                  name: 'report_price',
                  input: {
                    price: 24.99,
                    currency: 'GBP',
                    stock: 'in_stock',
                    confidence: 0.9,
                    evidence: '£24.99',
                  },
                },
              },
            ],
          },
        },
        stopReason: 'tool_use',
        usage: { inputTokens: 120, outputTokens: 20, totalTokens: 140 },
        metrics: { latencyMs: 5 },
      }),
    );
  });
}).listen(0, '127.0.0.1');
await once(bedrock, 'listening');
afterAll(() => new Promise((resolve) => bedrock.close(resolve)));

const check = () =>
  runToEnd('infra/scripts/bedrock-check.ts', ['--model', 'eu.test-model-v1:0', '--region', 'eu-west-1'], {
    BEDROCK_ENDPOINT: `http://127.0.0.1:${(bedrock.address() as AddressInfo).port}`,
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
