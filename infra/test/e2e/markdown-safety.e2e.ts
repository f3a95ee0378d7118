import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowserPage } from '../support/browser-fixture';
import { ADMIN, startTestStack, type TestStack } from '../support/test-stack';

/**
 * The AI analysis is markdown written from a competitor's page, so it is hostile input: raw HTML,
 * script URLs and remote images must render as nothing executable and nothing fetched.
 */
let stack: TestStack;
let beacon: Server;
let beaconOrigin: string;
const beaconRequests: string[] = [];

function hostileMarkdown(origin: string): string {
  return [
    '## Analysis',
    '<script>window.__x=1</script>',
    '<img src=x onerror="window.__y=1">',
    `<img src="${origin}/raw-html.png">`,
    '[click](javascript:window.__z=1)',
    `![remote](${origin}/pixel.png)`,
    '[the offer](https://shop.example/p/1)',
  ].join('\n\n');
}

const page = useBrowserPage();
beforeAll(async () => {
  // Anything that reaches this listener means the page loaded a remote resource from the analysis.
  beacon = createServer((req, res) => {
    beaconRequests.push(req.url ?? '');
    res.writeHead(204).end();
  });
  beacon.listen(0, '127.0.0.1');
  await once(beacon, 'listening');
  beaconOrigin = `http://127.0.0.1:${(beacon.address() as AddressInfo).port}`;
  stack = await startTestStack({ serveWeb: true });
  const token = await stack.login();
  const { body } = await stack.api('POST /api/products', {
    token,
    body: { sku: 'MD-1', name: 'Markdown kettle', current_price: 20, cost: 10 },
  });
  const url = 'https://shop.example/p/1';
  const added = await stack.api('POST /api/competitor-urls', {
    token,
    body: { product_id: body.product.id, competitor_name: 'Shop', url },
  });
  const { recordLatestObservation } = await import('@cmp/functions/data/url-price-state.repository');
  const { putPriceRecord } = await import('@cmp/functions/data/price-record.repository');
  const observation = {
    run_id: '20261121T090000000Z-seed',
    price: 19.5,
    currency: 'GBP',
    in_stock: true,
    confidence: 0.8,
    scraped_at: '2026-11-21T09:00:00.000Z',
    error_message: null,
    outcome: 'ok' as const,
    message: 'Price found',
  };
  await recordLatestObservation(added.body.competitorUrl.id, observation, {
    effect: 'accept',
    unreachable: false,
  });
  await putPriceRecord({
    ...observation,
    competitor_url_id: added.body.competitorUrl.id,
    product_id: body.product.id,
    competitor_name: 'Shop',
    competitor_url: url,
    llm_response: hostileMarkdown(beaconOrigin),
    evidence: [],
    tier: 'llm',
  });
});
afterAll(async () => {
  await stack?.stop();
  beacon?.closeAllConnections();
  await new Promise((resolve) => beacon?.close(resolve));
});

async function openAnalysis() {
  await page.goto(`${stack.url}/login`);
  await page.getByPlaceholder('Enter your email or username').fill(ADMIN.email);
  await page.getByPlaceholder('Enter password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('button', { name: 'More actions for Markdown kettle' }).click();
  await page.getByRole('menuitem', { name: 'View AI Analysis' }).click();
  await page.getByRole('dialog').getByRole('heading', { name: 'Analysis', exact: true }).waitFor();
}

describe('the AI analysis markdown', () => {
  it('runs no script, follows no javascript: link and loads no image from the analysis', async () => {
    await openAnalysis();
    const answer = page.getByRole('dialog').getByRole('region', { name: 'AI Response' });

    await answer.getByText('click', { exact: true }).click();
    // Give any script, handler or image request time to happen.
    await page.waitForTimeout(500);
    const globals = await page.evaluate(() => {
      const w = window as unknown as Record<string, unknown>;
      return [w.__x, w.__y, w.__z];
    });
    const images = await answer.locator('img').count();
    const scripts = await answer.locator('script').count();
    const hrefs = await answer
      .locator('a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    const safeLink = answer.getByRole('link', { name: 'the offer' });

    expect(globals).toEqual([undefined, undefined, undefined]);
    expect(images).toBe(0);
    expect(scripts).toBe(0);
    expect(hrefs).toEqual(['https://shop.example/p/1']);
    expect(await safeLink.getAttribute('target')).toBe('_blank');
    expect(await safeLink.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(await answer.textContent()).toContain('[Image: remote]');
    expect(await answer.textContent()).not.toContain('window.__');
    expect(beaconRequests).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
  });
});
