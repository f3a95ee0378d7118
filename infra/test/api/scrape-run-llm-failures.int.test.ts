import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startConverseStandIn } from '../support/converse-stand-in';
import { signedInStack } from '../support/signed-in-stack';

/**
 * A run whose model calls fail: Bedrock's Converse stand-in refuses access to the model, as it does
 * before a model is enabled for the account. The checks keep what the page gave, and the run log
 * says how many lost the AI step and why; the run's ending logs the failure rate the alarm watches.
 */
const pages = createServer((req, res) => {
  if (req.url === '/robots.txt') return res.writeHead(404).end();
  // A price only the visible page shows, with no clear lead: the earlier tiers call the model.
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end('<!doctype html><title>Desk lamp</title><h1>Desk lamp</h1><p>Now £19.00</p><p>£21.00</p>');
}).listen(0, '127.0.0.1');
await once(pages, 'listening');
const bedrock = await startConverseStandIn(() => ({ error: 'AccessDeniedException', status: 403 }));
const pagesHost = `127.0.0.1:${(pages.address() as AddressInfo).port}`;
const { stack, token } = await signedInStack({
  env: {
    SCRAPER_ALLOW_HOSTS: pagesHost,
    BEDROCK_MODEL_ID: 'eu.test-model-v1:0',
    BEDROCK_ENDPOINT: bedrock.endpoint,
  },
});
afterAll(async () => {
  pages.closeAllConnections();
  await new Promise((resolve) => pages.close(resolve));
  await bedrock.close();
});

describe('a run whose model calls fail', () => {
  it('says in the run log how many checks lost the AI step and why, and logs the failure rate', async () => {
    const { product } = (
      await stack.api('POST /api/products', {
        token,
        body: { sku: 'LAMP-2', name: 'Desk lamp', current_price: 20 },
      })
    ).body;
    for (const path of ['/a', '/b', '/c'])
      await stack.api('POST /api/competitor-urls', {
        token,
        body: { product_id: product.id, competitor_name: path, url: `http://${pagesHost}${path}` },
      });
    const written: string[] = [];
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });

    try {
      await stack.api('POST /api/scraper/run', { token, body: {} });
      await stack.stepFunctions.idle();
    } finally {
      stdout.mockRestore();
    }
    const [log] = await stack.scraperLogs(token);
    const metric = written.map((line) => line.trim()).find((line) => line.includes('"LlmFailureRate"'));

    expect(bedrock.calls()).toBeGreaterThanOrEqual(3);
    expect(log?.llm).toEqual({ calls: 3, failed: 3, reasons: [{ reason: 'access denied', count: 3 }] });
    expect(JSON.parse(metric ?? '{}')).toEqual(
      expect.objectContaining({
        LlmFailureRate: 100,
        LlmCalls: 3,
        LlmFailures: 3,
        _aws: expect.objectContaining({
          CloudWatchMetrics: [expect.objectContaining({ Namespace: 'CheckMyPrice' })],
        }),
      }),
    );
  });
});
