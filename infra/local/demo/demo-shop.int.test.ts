import { request } from 'node:http';
import { extractPage } from '@cmp/functions/scrape/extract/extract-page';
import { createGuardedFetcher } from '@cmp/functions/scrape/fetch/guarded-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCatalogue } from './demo-catalogue';
import { type DemoPage, offerAt, pageAt } from './demo-pages';
import { DEFAULT_SLOW_DELAY_MS, type DemoShop, startDemoShop } from './demo-shop';
import { startTick } from './price-drift';
import { HTML_TYPE } from './routes';

const SLOW_MS = 1_500;
const clock = Date.parse('2026-11-22T12:00:00Z');
let shop: DemoShop;

beforeAll(async () => {
  shop = await startDemoShop({ port: 0, now: () => clock, slowDelayMs: SLOW_MS });
});

afterAll(async () => {
  await shop.close();
});

const get = (path: string, init?: RequestInit) => fetch(`${shop.origin}${path}`, init);

/** A GET to the shop's server naming `host` in the Host header, as a browser resolving *.localhost sends it. */
function getOnHost(host: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: shop.port, path, headers: { host: `${host}:${shop.port}` } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const jsonLdPrice = (body: string) => /"price": "([\d.]+)"/.exec(body)?.[1];
const pounds = (pence: number) => (pence / 100).toFixed(2);

/** What the guarded fetcher should make of each misbehaving page. */
const FETCH_FAILURES = {
  'server-error': { kind: 'http', message: 'HTTP 500' },
  slow: { kind: 'timeout', message: 'Timed out after 0.5 s' },
  'robots-disallowed': { kind: 'robots', message: 'Disallowed by robots.txt' },
} as const;

describe('startDemoShop', () => {
  it('listens on a free loopback port and names it, and its shop hosts, as the scraper settings want', () => {
    expect(shop.hostPort).toBe(`127.0.0.1:${shop.port}`);
    expect(shop.origin).toBe(`http://${shop.hostPort}`);
    expect(shop.shopOrigin('brightway')).toBe(`http://brightway.localhost:${shop.port}`);
    expect(shop.allowHosts).toEqual([
      shop.hostPort,
      `brightway.localhost:${shop.port}`,
      `hearth.localhost:${shop.port}`,
      `volt.localhost:${shop.port}`,
      `atlantic.localhost:${shop.port}`,
    ]);
    expect(shop.hostMap).toEqual([
      'brightway.localhost=127.0.0.1',
      'hearth.localhost=127.0.0.1',
      'volt.localhost=127.0.0.1',
      'atlantic.localhost=127.0.0.1',
    ]);
  });

  it("answers each shop's host with that shop only (virtual hosts by the Host header)", async () => {
    const kettle = '/brightway/products/aurelia-rapid-boil-kettle';

    const home = await getOnHost('brightway.localhost', '/');
    const own = await getOnHost('brightway.localhost', kettle);
    const other = await getOnHost('hearth.localhost', kettle);

    expect([home.status, own.status, other.status]).toEqual([200, 200, 404]);
    expect(home.body).toContain('<h1>Brightway Electricals</h1>');
    expect(own.body).toContain(
      `<link rel="canonical" href="http://brightway.localhost:${shop.port}${kettle}">`,
    );
    expect(other.body).toContain('Hearth &amp; Home');
  });

  it('serves product pages as UTF-8 HTML that is never cached', async () => {
    const res = await get('/hearth-and-home/toasters/aurelia-4-slice-toaster.html');

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(HTML_TYPE);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toContain('<h1 class="page-title">Aurelia 4-Slice Toaster</h1>');
  });

  it('answers 404, 500 and robots.txt as a shop would', async () => {
    const missing = await get('/volt-warehouse/p/missing?ref=home');
    const broken = await get('/hearth-and-home/kitchen/aurelia-pro-blender.html');
    const robots = await get('/robots.txt');

    expect([missing.status, missing.headers.get('content-type')]).toEqual([404, HTML_TYPE]);
    expect([broken.status, broken.headers.get('content-type')]).toEqual([500, HTML_TYPE]);
    expect(await robots.text()).toContain('Disallow: /brightway/trade/');
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await get('/', { method: 'HEAD' });
    const post = await get('/', { method: 'POST' });

    expect([head.status, await head.text()]).toEqual([200, '']);
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
  });

  it('shows a new price each time a page is fetched, starting at the tick of its clock', async () => {
    const path = '/brightway/products/lumen-smart-desk-lamp';
    const page = pageAt(path) as DemoPage;
    const expected = [0, 1, 2, 3].map((i) => pounds(offerAt(page, startTick(clock) + i).pricePence));

    const shown: (string | undefined)[] = [];
    for (let i = 0; i < 4; i++) shown.push(jsonLdPrice((await getOnHost('brightway.localhost', path)).body));

    expect(shown).toEqual(expected);
    expect(shown.filter((price, i) => i > 0 && price === shown[i - 1])).toEqual([]);
  });

  it("does not move a page's price for a HEAD request or the shop's home page, which shows the next price", async () => {
    const path = '/brightway/products/sonora-anc-headphones';
    const page = pageAt(path) as DemoPage;
    const next = offerAt(page, shop.tickOf(page)).pricePence;

    await get(path, { method: 'HEAD' });
    const home = await getOnHost('brightway.localhost', '/');
    const shown = jsonLdPrice((await getOnHost('brightway.localhost', path)).body);

    expect(home.body).toContain(`£${pounds(next)}`);
    expect(shown).toBe(pounds(next));
    expect(shop.tickOf(page)).toBe(startTick(clock) + 1);
  });

  it('answers the slow page only after its delay', async () => {
    const answer = get('/volt-warehouse/p/aurelia-pro-blender');

    // Held, not answered at once. Not timed to the millisecond: the shop shares this test's event
    // loop, and Node counts its timer from the loop's cached time (CI measured 940 ms for 1,500).
    const first = await Promise.race([
      answer.then(() => 'answered'),
      new Promise((resolve) => setTimeout(resolve, SLOW_MS / 5, 'held')),
    ]);
    const res = await answer;

    expect(first).toBe('held');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('product:price:amount');
  });

  it('by default holds the slow page longer than the scraper waits for headers (10 s) and in total (20 s)', () => {
    expect(DEFAULT_SLOW_DELAY_MS).toBeGreaterThan(20_000);
  });

  it('closes promptly while a slow request is still waiting', async () => {
    const other = await startDemoShop({ slowDelayMs: 60_000 });
    const waiting = fetch(`${other.origin}/volt-warehouse/p/aurelia-pro-blender`).catch((e: Error) => e);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();

    await other.close();

    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await waiting).toBeInstanceOf(Error);
  });
});

describe('the demo catalogue through the real guarded fetcher (with the host map) and extractor', () => {
  // Listed before the shop starts, so the paths come from a catalogue on a stand-in port.
  const listed = demoCatalogue(1).competitorUrls;

  it.each(listed.map((u) => [new URL(u.url).pathname, u.competitor_name] as const))(
    '%s (%s) gives what the shop intends',
    async (path) => {
      const page = pageAt(path) as DemoPage;
      const fetcher = createGuardedFetcher({
        allowHosts: shop.allowHosts,
        hostMap: new Map(shop.hostMap.map((entry) => entry.split('=') as [string, string])),
        userAgent: 'CheckMyPriceBot/1.0',
        headersTimeoutMs: 500,
      });
      const tick = shop.tickOf(page);

      const outcome = await fetcher.fetchPage(`${shop.shopOrigin(page.shop)}${path}`).then(
        async (fetched) => extractPage(fetched.html, fetched.url),
        (error: Error & { kind?: string }) => ({ kind: error.kind, message: error.message }),
      );

      if (page.failure) {
        expect(outcome).toEqual(FETCH_FAILURES[page.failure]);
        return;
      }
      const offer = offerAt(page, tick);
      expect(outcome).toMatchObject({ currency: offer.currency, in_stock: offer.inStock });
      expect(Math.round(Number((outcome as { price: string }).price) * 100)).toBe(offer.pricePence);
    },
  );
});
