import { extractPage } from '@cmp/functions/scrape/extract/extract-page';
import { createGuardedFetcher } from '@cmp/functions/scrape/fetch/guarded-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCatalogue } from './demo-catalogue';
import { type DemoPage, offerAt, pageAt } from './demo-pages';
import { DEFAULT_SLOW_DELAY_MS, type DemoShop, startDemoShop } from './demo-shop';
import { HTML_TYPE } from './routes';

const SLOW_MS = 1_500;
const HOUR = 60 * 60 * 1000;
let clock = Date.parse('2026-11-22T12:00:00Z');
let shop: DemoShop;

beforeAll(async () => {
  shop = await startDemoShop({ port: 0, now: () => clock, slowDelayMs: SLOW_MS });
});

afterAll(async () => {
  await shop.close();
});

const get = (path: string, init?: RequestInit) => fetch(`${shop.origin}${path}`, init);

/** What the guarded fetcher should make of each misbehaving page. */
const FETCH_FAILURES = {
  'server-error': { kind: 'http', message: 'HTTP 500' },
  slow: { kind: 'timeout', message: 'Timed out after 0.5 s' },
  'robots-disallowed': { kind: 'robots', message: 'Disallowed by robots.txt' },
} as const;

describe('startDemoShop', () => {
  it('listens on a free loopback port and names it as SCRAPER_ALLOW_HOSTS wants', () => {
    expect(shop.hostPort).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(shop.origin).toBe(`http://${shop.hostPort}`);
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

  it('prices pages by the clock it was given', async () => {
    const path = '/brightway/products/aurelia-rapid-boil-kettle';
    const page = pageAt(path) as DemoPage;
    const shown: number[] = [];
    const saved = clock;
    try {
      for (let hour = 0; hour < 12; hour++) {
        clock = saved + hour * HOUR;
        const body = await (await get(path)).text();
        expect(body).toContain(`"price": "${(offerAt(page, clock).pricePence / 100).toFixed(2)}"`);
        shown.push(offerAt(page, clock).pricePence);
      }
    } finally {
      clock = saved;
    }
    expect(new Set(shown).size).toBeGreaterThan(2);
  });

  it('answers the slow page only after its delay', async () => {
    const started = Date.now();

    const res = await get('/volt-warehouse/p/aurelia-pro-blender');

    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(SLOW_MS - 50);
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

describe('the demo catalogue through the real guarded fetcher and extractor', () => {
  // Listed before the shop starts, so the paths come from a catalogue on a stand-in origin.
  const listed = demoCatalogue('http://listed.invalid').competitorUrls;

  it.each(listed.map((u) => [new URL(u.url).pathname, u.competitor_name] as const))(
    '%s (%s) gives what the shop intends',
    async (path) => {
      const page = pageAt(path) as DemoPage;
      const fetcher = createGuardedFetcher({
        allowHosts: [shop.hostPort],
        userAgent: 'CheckMyPriceBot/1.0',
        headersTimeoutMs: 500,
      });

      const outcome = await fetcher.fetchPage(`${shop.origin}${path}`).then(
        async (fetched) => extractPage(fetched.html, fetched.url),
        (error: Error & { kind?: string }) => ({ kind: error.kind, message: error.message }),
      );

      if (page.failure) {
        expect(outcome).toEqual(FETCH_FAILURES[page.failure]);
        return;
      }
      const offer = offerAt(page, clock);
      expect(outcome).toMatchObject({ currency: offer.currency, in_stock: offer.inStock });
      expect(Math.round(Number((outcome as { price: string }).price) * 100)).toBe(offer.pricePence);
    },
  );
});
