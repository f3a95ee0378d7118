import {
  type CompetitorObservation,
  categoryInputSchema,
  comparePrices,
  competitorUrlInputSchema,
  productInputSchema,
} from '@cmp/shared';
import { describe, expect, it } from 'vitest';
import { demoCatalogue } from './demo-catalogue';
import { offerAt, pageAt } from './demo-pages';
import { startTick } from './price-drift';
import { route } from './routes';
import { SHOPS, shopOfHost } from './shops';

const PORT = 4321;
const catalogue = demoCatalogue(PORT);
const START = startTick(Date.parse('2026-11-01T00:00:00Z'));
/** A thousand checks in a row. */
const TICKS = Array.from({ length: 1000 }, (_, i) => START + i);

/** What the scraper would record for a catalogue URL at a tick: failing pages give no price. */
function observe(url: string, tick: number, id: number): CompetitorObservation {
  const page = pageAt(new URL(url).pathname);
  if (!page) throw new Error(`not a demo page: ${url}`);
  const offer = page.failure ? null : offerAt(page, tick);
  const timeMs = tick * 60_000;
  return {
    competitor_url_id: id,
    competitor_name: SHOPS[page.shop].name,
    url,
    price: offer ? offer.pricePence / 100 : null,
    currency: offer?.currency ?? null,
    in_stock: offer?.inStock ?? null,
    confidence: offer ? 0.9 : null,
    scraped_at: offer ? new Date(timeMs).toISOString() : null,
    error_message: page.failure ? 'failed' : null,
    accepted: offer !== null,
    last_check: {
      outcome: offer ? 'ok' : 'failed',
      message: offer ? 'Price found' : 'failed',
      checked_at: new Date(timeMs).toISOString(),
      price: offer ? offer.pricePence / 100 : null,
      currency: offer?.currency ?? null,
      in_stock: offer?.inStock ?? null,
      confidence: offer ? 0.9 : null,
      consecutive_failures: offer ? 0 : 1,
    },
  };
}

describe('demoCatalogue', () => {
  it('is valid input for the catalogue API', () => {
    for (const category of catalogue.categories)
      expect(categoryInputSchema.safeParse(category).success).toBe(true);
    for (const product of catalogue.products) {
      expect(productInputSchema.safeParse({ ...product, category_id: null }).success).toBe(true);
    }
    for (const url of catalogue.competitorUrls) {
      expect(competitorUrlInputSchema.safeParse({ ...url, product_id: 1 }).success).toBe(true);
    }
  });

  it('has 3–4 categories and 8–10 products with unique SKUs, costs below prices, one without cost, one uncategorised', () => {
    const { categories, products } = catalogue;
    const names = new Set(categories.map((c) => c.name));

    expect(categories.length).toBeGreaterThanOrEqual(3);
    expect(categories.length).toBeLessThanOrEqual(4);
    expect(products.length).toBeGreaterThanOrEqual(8);
    expect(products.length).toBeLessThanOrEqual(10);
    expect(new Set(products.map((p) => p.sku)).size).toBe(products.length);
    expect(products.filter((p) => p.cost === null)).toHaveLength(1);
    expect(products.filter((p) => p.category === null)).toHaveLength(1);
    for (const p of products) {
      if (p.cost !== null) expect(p.cost).toBeLessThan(p.current_price);
      if (p.category !== null) expect(names.has(p.category)).toBe(true);
    }
  });

  it("gives every product 1–3 competitor URLs, each under its shop's host name on the demo shop, named after their shop", () => {
    const shopNames = new Set(Object.values(SHOPS).map((s) => s.name));

    for (const product of catalogue.products) {
      const urls = catalogue.competitorUrls.filter((u) => u.sku === product.sku);
      expect(urls.length).toBeGreaterThanOrEqual(1);
      expect(urls.length).toBeLessThanOrEqual(3);
    }
    for (const { url, competitor_name } of catalogue.competitorUrls) {
      const { hostname, port, pathname } = new URL(url);
      const shop = shopOfHost(hostname);
      expect([url, port, shop?.name]).toEqual([url, String(PORT), competitor_name]);
      expect(route(pathname, shop).status).not.toBe(404);
      expect(shopNames.has(competitor_name)).toBe(true);
    }
    expect(new Set(catalogue.competitorUrls.map((u) => u.competitor_name)).size).toBeGreaterThanOrEqual(3);
  });

  it('builds URLs on the given port', () => {
    expect(demoCatalogue(9).competitorUrls[0]?.url).toBe(
      'http://brightway.localhost:9/brightway/products/aurelia-rapid-boil-kettle',
    );
  });

  it('shows each product with the same comparison status at every tick of a thousand checks', () => {
    const expected = {
      'CMP-KET-170': 'LOWER',
      'CMP-TOA-400': 'HIGHER',
      'CMP-BLN-1200': 'NO_DATA',
      'CMP-HP-700': 'HIGHER',
      'CMP-SPK-120': 'SAME',
      'CMP-EAR-300': 'LOWER',
      'CMP-FAN-16': 'HIGHER',
      'CMP-RAD-2000': 'LOWER',
      'CMP-LMP-10': 'LOWER',
    };
    expect(catalogue.products.map((p) => p.sku).sort()).toEqual(Object.keys(expected).sort());

    for (const product of catalogue.products) {
      const urls = catalogue.competitorUrls.filter((u) => u.sku === product.sku);
      const statuses = new Set(
        TICKS.map(
          (t) =>
            comparePrices(
              product.current_price,
              urls.map((u, i) => observe(u.url, t, i + 1)),
              'GBP',
            ).comparison.status,
        ),
      );
      expect([product.sku, [...statuses]]).toEqual([
        product.sku,
        [expected[product.sku as keyof typeof expected]],
      ]);
    }
  });
});
