import { extractPage } from '@cmp/functions/scrape/extract/extract-page';
import { describe, expect, it } from 'vitest';
import { DEMO_PAGES, type DemoPage, offerAt, pageAt, ROBOTS_DISALLOWED_PREFIX } from './demo-pages';
import { startTick } from './price-drift';
import { HTML_TYPE, route } from './routes';
import { SHOPS } from './shops';

const ORIGIN = 'http://127.0.0.1:4321';
const AT = startTick(Date.parse('2026-11-22T12:00:00Z'));

function pageOf(predicate: (page: DemoPage) => boolean): DemoPage {
  const page = DEMO_PAGES.find(predicate);
  if (!page) throw new Error('no such demo page');
  return page;
}

function render(path: string, tick = AT): string {
  return route(path).render(() => tick, ORIGIN);
}

const structuredData = (body: string) => ({
  jsonLd: body.includes('application/ld+json'),
  microdata: body.includes('itemscope'),
  rdfa: /\btypeof="/.test(body),
  metaPrice: body.includes('product:price:amount'),
});
const NONE = { jsonLd: false, microdata: false, rdfa: false, metaPrice: false };

describe('demo shop routes', () => {
  it('serves the start page, each shop home and robots.txt', () => {
    expect(route('/')).toMatchObject({ status: 200, contentType: HTML_TYPE, slow: false });
    expect(render('/')).toContain(
      'href="http://brightway.localhost:4321/brightway/products/aurelia-rapid-boil-kettle"',
    );
    expect(route('/hearth-and-home/').status).toBe(200);
    expect(render('/hearth-and-home/')).toContain('Hearth &amp; Home');
    expect(route('/robots.txt')).toMatchObject({ status: 200, contentType: 'text/plain; charset=utf-8' });
    expect(render('/robots.txt')).toMatch(/^User-agent: \*\nDisallow: \/brightway\/trade\/$/m);
  });

  it('answers 404 for unknown paths, in the shop look under a shop', () => {
    expect(route('/nothing-here').status).toBe(404);
    expect(route('/brightway/products/no-such-thing')).toMatchObject({ status: 404, contentType: HTML_TYPE });
    expect(render('/brightway/products/no-such-thing')).toContain('Brightway Electricals');
  });

  it('answers 500 with an error page for the broken page', () => {
    const broken = pageOf((p) => p.failure === 'server-error');

    expect(route(broken.path)).toMatchObject({ status: 500, contentType: HTML_TYPE, slow: false });
    expect(render(broken.path)).toContain('Sorry, something went wrong');
  });

  it('holds back only the slow page', () => {
    expect(DEMO_PAGES.filter((p) => route(p.path).slow).map((p) => p.failure)).toEqual(['slow']);
  });

  it('puts exactly one demo page under the path robots.txt disallows', () => {
    expect(
      DEMO_PAGES.filter((p) => p.path.startsWith(ROBOTS_DISALLOWED_PREFIX)).map((p) => p.failure),
    ).toEqual(['robots-disallowed']);
  });

  it('marks up each kind of page only the way it claims', () => {
    const kinds = {
      'json-ld': { ...NONE, jsonLd: true },
      microdata: { ...NONE, microdata: true },
      rdfa: { ...NONE, rdfa: true },
      'meta-tags': { ...NONE, metaPrice: true },
      visible: NONE,
      sale: NONE,
    };
    for (const [markup, expected] of Object.entries(kinds)) {
      const page = pageOf((p) => p.markup === markup && !p.failure);
      expect([page.path, structuredData(render(page.path))]).toEqual([page.path, expected]);
    }
  });

  it("shows the sale price beside a crossed-out 'was' price", () => {
    const sale = pageOf((p) => p.markup === 'sale');
    const offer = offerAt(sale, AT);

    const body = render(sale.path);

    expect(body).toContain(`Now £${(offer.pricePence / 100).toFixed(2)}`);
    expect(body).toContain('Was <del>£89.99</del>');
  });

  it('shows a sold-out page as OutOfStock and Sold out, with the buy button disabled', () => {
    const soldOut = pageOf((p) => p.stock === 'out-of-stock');

    const body = render(soldOut.path);

    expect(body).toContain('href="https://schema.org/OutOfStock"');
    expect(body).toMatch(/<button type="submit" class="buy-button" disabled>Sold out<\/button>/);
    expect(body).not.toContain('Add to basket');
  });

  it('prices the Atlantic Direct page in euros', () => {
    const euro = pageOf((p) => p.shop === 'atlantic-direct');

    expect(render(euro.path)).toContain('"priceCurrency": "EUR"');
    expect(render(euro.path)).toContain(`€${(offerAt(euro, AT).pricePence / 100).toFixed(2)}`);
  });

  it('escapes names with &, quotes and angle brackets', () => {
    const fan = pageOf((p) => p.product === 'fan');

    const body = render(fan.path);

    expect(body).toContain('<title>Zephyr 16&quot; Pedestal Fan | Hearth &amp; Home</title>');
    expect(body).toContain('aria-label="Zephyr 16&quot; Pedestal Fan"');
    expect(body).not.toContain('Hearth & Home');
    expect(body).not.toContain('16" Pedestal');
  });

  it('changes what a drifting page shows from tick to tick', () => {
    const kettle = pageOf((p) => p.product === 'kettle' && p.markup === 'json-ld');
    const shown = Array.from(
      { length: 24 },
      (_, i) => /"price": "([\d.]+)"/.exec(render(kettle.path, AT + i))?.[1],
    );

    expect(new Set(shown).size).toBeGreaterThan(3);
    expect(shown.filter((price, i) => i > 0 && price === shown[i - 1])).toEqual([]);
  });

  it('marks each product page as the page it shows (so the shop moves it on), and nothing else', () => {
    const shown = DEMO_PAGES.filter((p) => route(p.path).shows === p).map((p) => p.path);

    expect(shown).toEqual(DEMO_PAGES.filter((p) => p.failure !== 'server-error').map((p) => p.path));
    expect(route('/').shows).toBeUndefined();
    expect(route('/brightway/').shows).toBeUndefined();
  });
});

describe('demo shop routes per host (virtual hosts)', () => {
  const brightway = SHOPS.brightway;
  const onHost = (path: string) => route(path, brightway);

  it("serves a shop's own pages on its host, its home at /, and robots.txt", () => {
    const own = pageOf((p) => p.shop === 'brightway' && !p.failure);

    expect(onHost(own.path)).toMatchObject({ status: 200, shows: own });
    expect(onHost('/').status).toBe(200);
    expect(onHost('/').render(() => AT, 'http://brightway.localhost:4321')).toContain(
      '<h1>Brightway Electricals</h1>',
    );
    expect(onHost('/robots.txt').status).toBe(200);
  });

  it("answers 404 on a shop's host for another shop's pages and home, in the host shop's look", () => {
    const other = pageOf((p) => p.shop === 'volt-warehouse');

    expect(onHost(other.path).status).toBe(404);
    expect(onHost('/volt-warehouse/').status).toBe(404);
    expect(onHost(other.path).render(() => AT, ORIGIN)).toContain('Brightway Electricals');
  });

  it("serves every shop's pages on the plain address, for demo data seeded before the shops had host names", () => {
    for (const page of DEMO_PAGES)
      expect(route(page.path).status).toBe(page.failure === 'server-error' ? 500 : 200);
  });
});

describe('the real extractor on every demo product page', () => {
  // A spread of ticks, including some at which the flipping page is sold out.
  const times = Array.from({ length: 28 }, (_, i) => AT + i * 3);
  const pages = DEMO_PAGES.filter((p) => p.failure !== 'server-error');

  it('covers both stock states of the page whose stock flips', () => {
    const flipping = pageOf((p) => p.stock === 'flips');

    expect(new Set(times.map((t) => offerAt(flipping, t).inStock))).toEqual(new Set([true, false]));
  });

  it.each(pages.map((p) => [p.path, p] as const))('reads %s as the shop intends', async (path, page) => {
    for (const t of times) {
      const offer = offerAt(page, t);

      const result = await extractPage(render(path, t), `${ORIGIN}${path}`);

      expect([t, Math.round(Number(result.price) * 100), result.currency, result.in_stock]).toEqual([
        t,
        offer.pricePence,
        offer.currency,
        offer.inStock,
      ]);
    }
  });

  it('knows every page it is given', () => {
    expect(pages.every((p) => pageAt(p.path) === p)).toBe(true);
  });
});
