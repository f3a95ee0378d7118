import { outcomeOfLegacyCheck, type Product } from '@cmp/shared';
import type { Page } from 'playwright-core';
import { afterAll } from 'vitest';
import { useBrowserPage } from './browser-fixture';
import { startFixtureShop } from './fixture-shop';
import { seededEffect } from './run-records';
import { startTestStack, type TestStack } from './test-stack';

/**
 * The dashboard's browser tests share one known catalogue of 45 products: one per comparison
 * status, one in euros, 39 fillers, and a Kitchen category. Every competitor page is on the fixture
 * shop (`/p/<n>` costs n.99 GBP), so a full run rewrites the same prices.
 */
export interface DashboardScene {
  shop: Awaited<ReturnType<typeof startFixtureShop>>;
  stack: TestStack;
  token: string;
  stop(): Promise<void>;
}

const SEED_RUN = '20261121T090000000Z-seed';
const SEEN_AT = '2026-11-21T09:00:00.000Z';

interface Seen {
  path: string;
  price: number | null;
  currency?: string;
}

async function seedProduct(
  { shop, stack, token }: Pick<DashboardScene, 'shop' | 'stack' | 'token'>,
  sku: string,
  name: string,
  price: number,
  cost: number,
  seen: Seen[] = [],
  categoryId: number | null = null,
): Promise<Product> {
  const { recordLatestObservation } = await import('@cmp/functions/data/url-price-state.repository');
  const { putPriceRecord } = await import('@cmp/functions/data/price-record.repository');
  const { status, body } = await stack.api('POST /api/products', {
    token,
    body: { sku, name, current_price: price, cost, category_id: categoryId },
  });
  if (status !== 201) throw new Error(`seeding ${sku} failed with ${status}`);
  for (const entry of seen) {
    const url = `${shop.origin}${entry.path}`;
    const added = await stack.api('POST /api/competitor-urls', {
      token,
      body: { product_id: body.product.id, competitor_name: `Shop ${entry.path}`, url },
    });
    const observation = {
      run_id: SEED_RUN,
      price: entry.price,
      currency: entry.price === null ? null : (entry.currency ?? 'GBP'),
      in_stock: entry.price === null ? null : true,
      confidence: entry.price === null ? null : 0.95,
      scraped_at: SEEN_AT,
      error_message: entry.price === null ? 'HTTP 404' : null,
      ...outcomeOfLegacyCheck({
        price: entry.price,
        error_message: entry.price === null ? 'HTTP 404' : null,
      }),
    };
    await recordLatestObservation(added.body.competitorUrl.id, observation, seededEffect(observation));
    await putPriceRecord({
      ...observation,
      competitor_url_id: added.body.competitorUrl.id,
      product_id: body.product.id,
      competitor_name: `Shop ${entry.path}`,
      competitor_url: url,
      llm_response: `## Price found\n\nThe offer in the page's **JSON-LD** says ${entry.price}.`,
      evidence: [
        {
          source: 'json-ld',
          where: 'script[type="application/ld+json"]',
          snippet: `"price": "${entry.price}"`,
        },
      ],
      tier: 'structured',
    });
  }
  return body.product;
}

/**
 * For a test file to await as it loads: the scene, stopped after the file's tests, and a fresh
 * browser page for each test (`page`, see useBrowserPage).
 */
export async function dashboardScene(): Promise<DashboardScene & { page: Page }> {
  const page = useBrowserPage();
  const scene = await startDashboardScene();
  afterAll(() => scene.stop());
  return { ...scene, page };
}

async function startDashboardScene(): Promise<DashboardScene> {
  // Slow pages checked one at a time keep a full run going past the first 10 s status poll.
  const shop = await startFixtureShop({ delayMs: 1500 });
  const stack = await startTestStack({
    serveWeb: true,
    // A CSV export of 1 KB or more goes by a link (5 MB on AWS): the Competitors page's export of this
    // scene does, a filtered dashboard export does not (exports.e2e.ts).
    env: { SCRAPER_ALLOW_HOSTS: shop.hostPort, SCRAPE_MAX_CONCURRENCY: '1', EXPORT_LINK_FROM_BYTES: '1024' },
  });
  const stop = async () => {
    await stack.stop();
    await shop.close();
  };
  try {
    const token = await stack.login();
    await seedCatalogue({ shop, stack, token });
    return { shop, stack, token, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function seedCatalogue(scene: Pick<DashboardScene, 'shop' | 'stack' | 'token'>) {
  const { stack, token } = scene;
  const kitchen = await stack.api('POST /api/categories', {
    token,
    body: { name: 'Kitchen', description: null },
  });
  await seedProduct(
    scene,
    'ALPHA-HIGH',
    'Alpha Kettle',
    50,
    40,
    [
      { path: '/p/44', price: 44.99 },
      { path: '/p/47', price: 47.99 },
    ],
    kitchen.body.category.id,
  );
  await seedProduct(scene, 'BRAVO-LOW', 'Bravo Toaster', 19, 10, [{ path: '/p/19', price: 19.99 }]);
  await seedProduct(scene, 'CHARLIE-SAME', 'Charlie Mug', 29.99, 0, [
    { path: '/p/29', price: 29.99 },
    { path: '/missing/1', price: null },
  ]);
  await seedProduct(scene, 'DELTA-NONE', 'Delta Jug', 12, 6, [{ path: '/missing/2', price: null }]);
  await seedProduct(scene, 'ECHO-EURO', 'Echo Blender', 40, 30, [
    { path: '/broken/3', price: 20, currency: 'EUR' },
    { path: '/p/41', price: 41.99 },
  ]);
  await seedProduct(scene, 'FOXTROT-RUN', 'Foxtrot Fan', 9, 5, [{ path: '/p/8', price: 8.99 }]);
  for (let n = 1; n <= 39; n++) {
    await seedProduct(scene, `FILL-${String(n).padStart(2, '0')}`, `Filler item ${n}`, 5 + n, 2);
  }
}
