import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CompetitorHost } from '@cmp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/test-stack';

/**
 * The browser tier in runs (issue 31): a host in `auto` is fetched plain first and in the browser when
 * its page needs one (a price a script draws from the shop's own JSON, a cookie set by script and a
 * reload), then goes straight to the browser; `plain` never renders; `browser` always does.
 */
const page = (body: string) =>
  `<!doctype html><html><head><title>Kettle</title></head><body><h1>Kettle</h1>${body}</body></html>`;

interface Shop {
  host: string;
  hostPort: string;
  origin: string;
  /** The path of every request, in order. */
  paths: string[];
  server: Server;
}

/** A shop on its own loopback address: each address is a host of its own to the scraper. */
async function startShop(host: string): Promise<Shop> {
  const paths: string[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '';
    paths.push(path);
    const html = (body: string) =>
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(body));
    if (path === '/robots.txt') return res.writeHead(404).end();
    if (path === '/price.js')
      return res.writeHead(200, { 'content-type': 'text/javascript' }).end(
        // The product as a shop's own script draws it: its data, and its buy box with the price.
        `fetch('/api/price').then((r) => r.json()).then((d) => {
          const data = document.createElement('script');
          data.type = 'application/ld+json';
          data.textContent = JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: 'Kettle',
            offers: { '@type': 'Offer', price: d.price, priceCurrency: 'GBP' } });
          document.head.append(data);
          document.querySelector('.price').textContent = '£' + d.price;
        });`,
      );
    if (path === '/api/price')
      return res.writeHead(200, { 'content-type': 'application/json' }).end('{"price":"24.99"}');
    if (path.startsWith('/script/'))
      return html('<p class="price"></p><button>Add to basket</button><script src="/price.js"></script>');
    if (path.startsWith('/cookie/')) {
      if (req.headers.cookie?.includes('checked=1'))
        return html(
          `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: 'Kettle', offers: { '@type': 'Offer', price: '31.50', priceCurrency: 'GBP' } })}</script><p class="price">£31.50</p><button>Add to basket</button>`,
        );
      return html("<script>document.cookie = 'checked=1; path=/'; location.reload();</script>");
    }
    res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
  });
  server.listen(0, host);
  await once(server, 'listening');
  const hostPort = `${host}:${(server.address() as AddressInfo).port}`;
  return { host, hostPort, origin: `http://${hostPort}`, paths, server };
}

let stack: TestStack;
let token: string;
let auto: Shop;
let plain: Shop;
const urlIds: Record<string, number> = {};

beforeAll(async () => {
  [auto, plain] = await Promise.all([startShop('127.0.0.3'), startShop('127.0.0.4')]);
  stack = await startTestStack({ env: { SCRAPER_ALLOW_HOSTS: `${auto.hostPort},${plain.hostPort}` } });
  token = await stack.login();
  const product = (
    await stack.api('POST /api/products', {
      token,
      body: { sku: 'BROWSER-1', name: 'Kettle', current_price: 30 },
    })
  ).body.product;
  for (const [name, url] of [
    ['auto script', `${auto.origin}/script/1`],
    ['auto cookie', `${auto.origin}/cookie/1`],
    ['plain script', `${plain.origin}/script/2`],
  ] as const) {
    const added = await stack.api('POST /api/competitor-urls', {
      token,
      body: { product_id: product.id, competitor_name: name, url },
    });
    urlIds[name] = added.body.competitorUrl.id;
  }
  await stack.send('PUT', `/api/competitor-hosts/${plain.host}`, {
    token,
    body: { fetch_mode: 'plain', render_wait_ms: 0, spacing_seconds: 1, proxy: null },
  });
});
afterAll(async () => {
  await stack.stop();
  await Promise.all([auto, plain].map((shop) => new Promise((resolve) => shop.server.close(resolve))));
});

async function run() {
  await stack.api('POST /api/scraper/run', { token, body: {} });
  await stack.stepFunctions.idle();
}

const lastCheck = async (name: string) =>
  (await stack.api('GET /api/competitor-urls/{id}', { token, params: { id: urlIds[name] as number } })).body
    .competitorUrl.last_check;
const hostOf = async (host: string) =>
  (await stack.api('GET /api/competitor-hosts', { token })).body.hosts.find(
    (h: CompetitorHost) => h.host === host,
  );

describe('the browser tier in a run', () => {
  it("renders an auto host's pages that need it, marks the host, and leaves a plain host's alone", async () => {
    await run();

    expect(await lastCheck('auto script')).toMatchObject({ outcome: 'ok', price: 24.99 });
    expect(await lastCheck('auto cookie')).toMatchObject({ outcome: 'ok', price: 31.5 });
    // Plain first, then in the browser with the page's own requests.
    expect(auto.paths.filter((path) => path === '/script/1')).toHaveLength(2);
    expect(auto.paths).toContain('/api/price');
    expect(await hostOf(auto.host)).toMatchObject({ fetch_mode: 'auto', escalated: true });

    // Plain never renders: the page as sent is an empty shell.
    expect(await lastCheck('plain script')).toMatchObject({
      outcome: 'blocked',
      message: 'Blocked: the page shows nothing without JavaScript',
      price: null,
    });
    expect(plain.paths.filter((path) => path === '/script/2')).toHaveLength(1);
    expect(plain.paths).not.toContain('/price.js');
    expect(await hostOf(plain.host)).toMatchObject({ fetch_mode: 'plain', escalated: false });
  });

  it('goes straight to the browser for an escalated host, and always for a browser host', async () => {
    await stack.send('PUT', `/api/competitor-hosts/${plain.host}`, {
      token,
      body: { fetch_mode: 'browser', render_wait_ms: 0, spacing_seconds: 1, proxy: null },
    });
    const [autoBefore, plainBefore] = [auto.paths.length, plain.paths.length];

    await run();

    expect(auto.paths.slice(autoBefore).filter((path) => path === '/script/1')).toHaveLength(1);
    expect(await lastCheck('auto script')).toMatchObject({ outcome: 'ok', price: 24.99 });
    expect(plain.paths.slice(plainBefore).filter((path) => path === '/script/2')).toHaveLength(1);
    expect(plain.paths.slice(plainBefore)).toContain('/api/price');
    expect(await lastCheck('plain script')).toMatchObject({ outcome: 'ok', price: 24.99 });
  });

  it('forgets what auto found when an admin changes the mode', async () => {
    const settings = { render_wait_ms: 0, spacing_seconds: 1, proxy: null };
    await stack.send('PUT', `/api/competitor-hosts/${auto.host}`, {
      token,
      body: { ...settings, fetch_mode: 'auto' },
    });
    expect(await hostOf(auto.host)).toMatchObject({ fetch_mode: 'auto', escalated: true });

    await stack.send('PUT', `/api/competitor-hosts/${auto.host}`, {
      token,
      body: { ...settings, fetch_mode: 'plain' },
    });
    await stack.send('PUT', `/api/competitor-hosts/${auto.host}`, {
      token,
      body: { ...settings, fetch_mode: 'auto' },
    });

    expect(await hostOf(auto.host)).toMatchObject({ fetch_mode: 'auto', escalated: false });
  });
});
