import {
  RENDER_MAX_BYTES,
  type RenderSettings,
  rendererLaunchOptions,
  renderPage,
} from '@cmp/functions/scrape/browser/render-page';
import {
  closeFixtures,
  type Fixture,
  fetcherFor,
  fixture,
} from '@cmp/functions/scrape/test-support/fetch-fixture';
import { PROXY_EGRESS, startProxyFixture } from '@cmp/functions/scrape/test-support/proxy-fixture';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { findChromium, launchBrowser } from '../support/browser';

let browser: Browser;
/** A Chromium with a network of its own: what the routing alone lets through. */
let unproxied: Browser;
beforeAll(async () => {
  [browser, unproxied] = await Promise.all([
    chromium.launch(rendererLaunchOptions(findChromium())),
    launchBrowser(),
  ]);
});
afterAll(() => Promise.all([browser.close(), unproxied.close()]));
afterEach(closeFixtures);

const settings: RenderSettings = { renderWaitMs: 0, userAgent: 'CheckMyPriceBot/1.0 (+https://t.example)' };
const html = (body: string) =>
  `<!doctype html><html><head><title>Kettle</title></head><body>${body}</body></html>`;

/** A shop whose product page draws its price with a script from a JSON endpoint of its own. */
function scriptedShop(extra = '', from: string[] = []) {
  return fixture((req, res) => {
    from.push(req.socket.remoteAddress ?? '');
    if (req.url === '/api/price')
      return res.writeHead(200, { 'content-type': 'application/json' }).end('{"price":"24.99"}');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
      html(`<h1>Kettle</h1><p id="price">loading</p>${extra}
        <script>fetch('/api/price').then((r) => r.json()).then((d) => {
          document.getElementById('price').textContent = '£' + d.price;
        });</script>`),
    );
  });
}

describe('the browser tier renders a page', () => {
  it("runs the shop's scripts: a price drawn from the shop's own JSON endpoint is in the rendered page", async () => {
    const shop = await scriptedShop();

    const page = await renderPage(browser, fetcherFor([shop]), `${shop.url}/p/1`, settings);

    expect(page).toMatchObject({ rendered: true, url: `${shop.url}/p/1`, status: 200 });
    expect(page.html).toContain('<p id="price">£24.99</p>');
    // Every request came through the fetcher, with our User-Agent.
    expect(shop.requests).toEqual([
      'GET /robots.txt CheckMyPriceBot/1.0 (+https://t.example)',
      'GET /p/1 CheckMyPriceBot/1.0 (+https://t.example)',
      'GET /api/price CheckMyPriceBot/1.0 (+https://t.example)',
    ]);
  });

  it('follows a page that sets a cookie by script and reloads, and keeps nothing for the next page', async () => {
    const cookies: (string | undefined)[] = [];
    const shop = await fixture((req, res) => {
      cookies.push(req.headers.cookie);
      res.writeHead(200, { 'content-type': 'text/html' });
      if (req.headers.cookie?.includes('checked=1')) return res.end(html('<p class="price">£31.50</p>'));
      res.end(html(`<script>document.cookie = 'checked=1; path=/'; location.reload();</script>`));
    });
    const fetcher = fetcherFor([shop]);

    const first = await renderPage(browser, fetcher, `${shop.url}/p/2`, settings);
    const second = await renderPage(browser, fetcher, `${shop.url}/p/2`, settings);

    expect(first.html).toContain('£31.50');
    expect(second.html).toContain('£31.50');
    // Each render: without the cookie, then with it; a fresh context each time.
    expect(cookies).toEqual([undefined, 'checked=1', undefined, 'checked=1']);
  });

  it('ends its address where the fetcher followed the redirects to', async () => {
    const shop = await fixture((req, res) => {
      if (req.url === '/old') return res.writeHead(301, { location: '/new' }).end();
      res.writeHead(200, { 'content-type': 'text/html' }).end(html(`<p>${req.url}</p>`));
    });

    const page = await renderPage(browser, fetcherFor([shop]), `${shop.url}/old`, settings);

    expect(page.url).toBe(`${shop.url}/new`);
    expect(page.html).toContain('<p>/new</p>');
    expect(shop.requests.filter((r) => r.startsWith('GET /new'))).toHaveLength(1);
  });
});

describe("the browser tier's requests are guarded like the fetcher's", () => {
  it("go through the host's proxy, the page's own scripts' requests too", async () => {
    const from: string[] = [];
    const shop = await scriptedShop('', from);
    const proxy = await startProxyFixture({ username: 'shopper', password: 'long-proxy-secret-9876' });
    try {
      const fetcher = fetcherFor([shop], {
        allowHosts: [shop.host, proxy.hostPort],
        proxyFor: async () => ({ url: proxy.url, username: 'shopper', password: 'long-proxy-secret-9876' }),
      });

      const page = await renderPage(browser, fetcher, `${shop.url}/p/8`, settings);

      expect(page.html).toContain('£24.99');
      // robots.txt, the page and its price: each through a tunnel of the proxy.
      expect(proxy.tunnels).toHaveLength(3);
      // The shop saw every request come from the proxy, none straight from us.
      expect(from).toEqual([PROXY_EGRESS, PROXY_EGRESS]);
    } finally {
      await proxy.close();
    }
  });

  /** A canary an address the fetcher refuses, and a shop whose page tries every way to reach it. */
  async function canaryAndShop() {
    const canary: Fixture = await fixture();
    const at = canary.url;
    const shop = await scriptedShop(`
      <img src="${at}/img.png"><iframe src="${at}/frame"></iframe>
      <link rel="stylesheet" href="${at}/style.css"><script src="${at}/script.js"></script>
      <script>
        fetch('${at}/fetch').catch(() => {});
        fetch('http://localhost:${canary.port}/by-name').catch(() => {});
        navigator.sendBeacon('${at}/beacon', 'x');
        try { new WebSocket('ws://127.0.0.1:${canary.port}/socket'); } catch {}
        const xhr = new XMLHttpRequest(); xhr.open('GET', '${at}/xhr'); xhr.send();
      </script>`);
    return { canary, shop };
  }

  it('lets not even a connection reach an address the fetcher refuses: scripts, images, frames, styles, beacons, WebSockets', async () => {
    const { canary, shop } = await canaryAndShop();

    const page = await renderPage(browser, fetcherFor([shop]), `${shop.url}/p/3`, settings);

    expect(page.html).toContain('£24.99');
    expect(canary.requests).toEqual([]);
    expect(canary.connections).toBe(0);
  });

  it('answers or refuses every request by its routing alone, in a Chromium with a network of its own', async () => {
    const { canary, shop } = await canaryAndShop();

    const page = await renderPage(unproxied, fetcherFor([shop]), `${shop.url}/p/3`, settings);

    expect(page.html).toContain('£24.99');
    // Chromium's own speculative connections (opened ahead of a request, carrying none) are why the
    // renderer's Chromium has a proxy that does not exist: they go there.
    expect(canary.requests).toEqual([]);
  });

  it('does not load images even from the shop itself', async () => {
    const shop = await scriptedShop('<img src="/kettle.jpg">');

    await renderPage(browser, fetcherFor([shop]), `${shop.url}/p/4`, settings);

    expect(shop.requests.some((r) => r.includes('kettle.jpg'))).toBe(false);
  });

  it("answers with the fetcher's own failure when the page itself cannot be had", async () => {
    const shop = await fixture((_req, res) =>
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Gone</h1>'),
    );
    const blocked = await fixture();

    await expect(renderPage(browser, fetcherFor([shop]), `${shop.url}/p/5`, settings)).rejects.toThrow(
      'HTTP 404',
    );
    await expect(renderPage(browser, fetcherFor([shop]), `${blocked.url}/p/5`, settings)).rejects.toThrow(
      /Blocked/,
    );
    expect(blocked.connections).toBe(0);
  });

  it('fails a page still rendering at the time limit, saying so', async () => {
    const shop = await fixture((req, res) => {
      if (req.url?.startsWith('/poll')) return setTimeout(() => res.writeHead(200).end('{}'), 50);
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(html(`<p>£9.99</p><script>setInterval(() => fetch('/poll?' + Date.now()), 100);</script>`));
    });

    await expect(
      renderPage(browser, fetcherFor([shop]), `${shop.url}/p/6`, { ...settings, timeLimitMs: 1500 }),
    ).rejects.toThrow('The page was still rendering after 1.5 s');
  });

  it('fails a page whose requests bring in more than the cap', async () => {
    const big = Buffer.alloc(RENDER_MAX_BYTES + 1, 'a');
    const shop = await fixture((req, res) => {
      if (req.url === '/big.json') return res.writeHead(200, { 'content-type': 'application/json' }).end(big);
      res.writeHead(200, { 'content-type': 'text/html' }).end(html(`<script>fetch('/big.json');</script>`));
    });

    await expect(renderPage(browser, fetcherFor([shop]), `${shop.url}/p/7`, settings)).rejects.toThrow(
      'Page larger than 10 MiB',
    );
  });
});
