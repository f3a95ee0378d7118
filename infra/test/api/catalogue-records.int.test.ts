import { countByOutcome } from '@cmp/shared';
import { describe, expect, it } from 'vitest';
import { skipPastSettle } from '../support/clock';
import { present } from '../support/present';
import { okObservation, runningRun, seededEffect } from '../support/run-records';
import { signedInStack } from '../support/signed-in-stack';

/**
 * The lists kept in memory re-read only what changed (decision 58): an edit reads its one item, a
 * category change the categories, a run the URLs; and every change shows on the next call.
 */
const { stack, token } = await signedInStack();

const dashboard = async () => (await stack.api('GET /api/dashboard/products', { token })).body.products;
const products = async () => (await stack.api('GET /api/products', { token })).body.products;
const urls = async () => (await stack.api('GET /api/competitor-urls', { token })).body.competitorUrls;

/** What a call costs when the answer is built from kept records: the session (2) and the version. */
const CALL = 3;
/** Listing one kind of this small catalogue: its counter's last id and 4 id-range queries. */
const LIST_BY_ID = 1 + 4;

const settled = skipPastSettle;

/** A category, a product in it and two competitor URLs of it; `sku` tells each test's apart. */
async function createCatalogue(sku: string) {
  const category = await stack.api('POST /api/categories', { token, body: { name: `Kettles ${sku}` } });
  const product = await stack.api('POST /api/products', {
    token,
    body: { sku, name: 'Kettle', current_price: 20, category_id: category.body.category.id },
  });
  const productId = product.body.product.id;
  const addUrl = async (path: string) =>
    (
      await stack.api('POST /api/competitor-urls', {
        token,
        body: {
          product_id: productId,
          competitor_name: 'Shop A',
          url: `https://shop.example.com/${sku}/${path}`,
        },
      })
    ).body.competitorUrl.id;
  return { categoryId: category.body.category.id, productId, urlIds: [await addUrl('a'), await addUrl('b')] };
}

describe('the lists after a change', () => {
  it('read only the changed item, kind or URLs, and show each change on the next call', async () => {
    const { categoryId, productId, urlIds } = await createCatalogue('KEPT-1');
    const [urlId = 0, otherUrlId = 0] = urlIds;
    await settled();
    await Promise.all([dashboard(), products(), urls()]);
    const cost = (list: () => Promise<unknown>) => stack.countDynamoRequests(list);

    await stack.api('PUT /api/products/{id}', {
      token,
      body: { sku: 'KEPT-1', name: 'Steel kettle', current_price: 22, category_id: categoryId },
      params: { id: productId },
    });
    const afterProductEdit = await cost(dashboard);
    const productRow = (await dashboard()).find((p) => p.id === productId);
    const productInUrls = (await urls()).find((u) => u.id === urlId)?.product.name;

    await stack.api('PUT /api/competitor-urls/{id}', {
      token,
      body: { product_id: productId, competitor_name: 'Shop B', url: 'https://shop.example.com/KEPT-1/a' },
      params: { id: urlId },
    });
    const afterUrlEdit = await cost(urls);
    const urlRow = (await urls()).find((u) => u.id === urlId);
    // The dashboard's rows are kept with the records they were built from: this one is built again.
    const urlOnDashboard = (await dashboard())
      .find((p) => p.id === productId)
      ?.price_comparison.competitor_prices.find((c) => c.competitor_url_id === urlId)?.competitor_name;

    const { createRun, endRun } = await import('@cmp/functions/data/scrape-run.repository');
    const { recordLatestObservation } = await import('@cmp/functions/data/url-price-state.repository');
    const runId = `RUN-KEPT-${Date.now()}`;
    await createRun(runningRun(runId));
    const observation = okObservation(runId, 18.5);
    await recordLatestObservation(otherUrlId, observation, seededEffect(observation));
    await endRun(runId, {
      status: 'completed',
      completed_at: new Date().toISOString(),
      total_urls: 1,
      successful_urls: 1,
      failed_urls: 0,
      outcome_counts: countByOutcome(['ok']),
      llm: null,
    });
    const afterRun = await cost(dashboard);
    const comparison = (await dashboard()).find((p) => p.id === productId)?.price_comparison;
    const checked = (await urls()).find((u) => u.id === otherUrlId)?.last_check;

    await stack.api('PUT /api/categories/{id}', {
      token,
      body: { name: 'Hot water' },
      params: { id: categoryId },
    });
    const afterCategoryRename = await cost(products);
    const categoryOnProduct = (await products()).find((p) => p.id === productId)?.category?.name;
    const categoryOnDashboard = (await dashboard()).find((p) => p.id === productId)?.category?.name;

    // An edit reads its one item (a consistent GetItem); a run every URL, but no product; a rename
    // the categories (one query).
    expect([afterProductEdit, afterUrlEdit, afterRun, afterCategoryRename]).toEqual([
      CALL + 1,
      CALL + 1,
      CALL + LIST_BY_ID,
      CALL + 1,
    ]);
    expect(productRow).toMatchObject({ name: 'Steel kettle', current_price: 22 });
    expect(productInUrls).toBe('Steel kettle');
    expect(urlRow?.competitor_name).toBe('Shop B');
    expect(urlOnDashboard).toBe('Shop B');
    expect([categoryOnProduct, categoryOnDashboard]).toEqual(['Hot water', 'Hot water']);
    expect(comparison?.lowest_competitor_price).toBe(18.5);
    expect(checked?.price).toBe(18.5);
  }, 30_000);

  it('show several changes in a row, a deleted URL and a new product, each on the next call', async () => {
    const { categoryId, productId, urlIds } = await createCatalogue('KEPT-2');
    await settled();
    await Promise.all([dashboard(), urls()]);

    for (const price of [30, 31])
      await stack.api('PUT /api/products/{id}', {
        token,
        body: { sku: 'KEPT-2', name: 'Kettle', current_price: price, category_id: categoryId },
        params: { id: productId },
      });
    const twoEditsOn = (await dashboard()).find((p) => p.id === productId)?.current_price;
    await stack.api('DELETE /api/competitor-urls/{id}', { token, params: { id: present(urlIds[1]) } });
    const left = (await urls()).filter((u) => u.product_id === productId).map((u) => u.id);
    const created = await stack.api('POST /api/products', {
      token,
      body: { sku: 'KEPT-3', name: 'Toaster', current_price: 40 },
    });
    const listed = (await dashboard()).map((p) => p.id);

    expect(twoEditsOn).toBe(31);
    expect(left).toEqual([urlIds[0]]);
    expect(listed).toContain(created.body.product.id);
  }, 30_000);
});
