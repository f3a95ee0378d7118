import { routes } from '@cmp/functions/http/routes';
import type { Category, CompetitorUrl, Product } from '@cmp/shared';
import { describe, expect, it } from 'vitest';
import { okObservation } from '../support/run-records';
import { signedInStack } from '../support/signed-in-stack';
import type { ApiResponse } from '../support/test-stack';

/**
 * Every catalogue write route moves the catalogue version on, or the whole-catalogue lists would
 * keep showing what was there before (http/catalogue-cache.ts). The routes come from the route
 * table, so a new write route without a case here fails.
 */
const { stack, token } = await signedInStack();

const CATALOGUE_GROUPS = ['products', 'categories', 'competitor-urls'];
/**
 * POSTs that change no catalogue item: a preview must leave the lists as they are, and an upload's
 * form changes nothing until an import takes its file.
 */
const READING_POSTS = ['POST /api/products/import/preview', 'POST /api/imports/uploads'];
const writeRoutes = routes
  .filter(
    (route) =>
      CATALOGUE_GROUPS.includes(route.group) && route.method !== 'GET' && !READING_POSTS.includes(route.id),
  )
  .map((route) => route.id)
  .sort();

let serial = 0;
const unique = (prefix: string) => `${prefix}-${++serial}`;

async function newProduct(): Promise<Product> {
  const { body } = await stack.api('POST /api/products', {
    token,
    body: { sku: unique('VER'), name: 'Versioned lamp', current_price: 10 },
  });
  return body.product;
}

async function newCategory(): Promise<Category> {
  const { body } = await stack.api('POST /api/categories', { token, body: { name: unique('Versioned') } });
  return body.category;
}

async function newUrl(): Promise<CompetitorUrl> {
  const product = await newProduct();
  const { body } = await stack.api('POST /api/competitor-urls', {
    token,
    body: { product_id: product.id, competitor_name: 'Shop', url: `https://shop.example.com/${unique('p')}` },
  });
  return body.competitorUrl;
}

/**
 * A URL whose latest check holds a price for review, written as a run writes it (a run would take
 * two checks of a changing page to get there). Returns the held check's time.
 */
async function heldUrl(): Promise<{ id: number; checkedAt: string }> {
  const { id } = await newUrl();
  const { recordLatestObservation } = await import('@cmp/functions/data/url-price-state.repository');
  const scraped_at = new Date().toISOString();
  await recordLatestObservation(
    id,
    {
      run_id: `20261126T000000000Z-${unique('held')}`,
      price: 1,
      currency: 'GBP',
      in_stock: true,
      confidence: 0.35,
      scraped_at,
      error_message: null,
      outcome: 'review',
      message: 'Held for review: low confidence (35 %)',
    },
    { effect: 'hold', unreachable: false },
  );
  return { id, checkedAt: scraped_at };
}

/** A URL whose latest check read the page and kept the one price it considered. */
async function consideredUrl(): Promise<{ id: number }> {
  const { id, product_id } = await newUrl();
  const { putPriceRecord } = await import('@cmp/functions/data/price-record.repository');
  await putPriceRecord({
    run_id: `20261126T000000000Z-${unique('read')}`,
    competitor_url_id: id,
    product_id,
    competitor_name: 'Shop',
    competitor_url: 'https://shop.example.com/p',
    price: 12,
    currency: 'GBP',
    in_stock: true,
    confidence: 0.9,
    scraped_at: new Date().toISOString(),
    error_message: null,
    outcome: 'ok',
    message: 'Price found',
    llm_response: null,
    candidates: [
      {
        id: 1,
        amount: '12',
        currency: 'GBP',
        source: 'visible',
        context: '£12.00',
        chosen: true,
        locator: 'main > span.price',
      },
    ],
  });
  return { id };
}

const urlBody = (productId: number) => ({
  product_id: productId,
  competitor_name: 'Shop',
  url: `https://shop.example.com/${unique('p')}`,
});

/** Per write route: sets up what it needs, and returns the write itself (a valid request). */
const cases: Record<string, () => Promise<() => Promise<ApiResponse>>> = {
  'POST /api/products': async () => () =>
    stack.api('POST /api/products', { token, body: { sku: unique('VER'), name: 'New', current_price: 1 } }),
  'PUT /api/products/{id}': async () => {
    const { id, sku } = await newProduct();
    return () =>
      stack.api('PUT /api/products/{id}', {
        token,
        body: { sku, name: 'Renamed', current_price: 2 },
        params: { id },
      });
  },
  // A product (10.00) whose one URL holds an accepted 5.00, under a rule that matches the lowest.
  'POST /api/price-suggestions/apply': async () => {
    const { id, product_id } = await newUrl();
    const { recordLatestObservation } = await import('@cmp/functions/data/url-price-state.repository');
    await recordLatestObservation(id, okObservation(`20261126T000000000Z-${unique('ok')}`, 5), {
      effect: 'accept',
      unreachable: false,
    });
    await stack.api('PUT /api/pricing-rules', {
      token,
      body: {
        rules: [
          { name: 'Match', scope: 'all', target: 'match_lowest', competitors: 'all', floor: { amount: 1 } },
        ],
      },
    });
    return () =>
      stack.api('POST /api/price-suggestions/apply', { token, body: { product_ids: [product_id] } });
  },
  'PATCH /api/products/{id}/toggle-hidden': async () => {
    const { id } = await newProduct();
    return () => stack.api('PATCH /api/products/{id}/toggle-hidden', { token, params: { id } });
  },
  'DELETE /api/products/{id}': async () => {
    const { product_id } = await newUrl();
    return () => stack.api('DELETE /api/products/{id}', { token, params: { id: product_id } });
  },
  'POST /api/products/import': async () => () =>
    stack.upload('POST /api/products/import', token, {
      name: 'products.csv',
      content: `SKU,Product Name,Current Price\n${unique('VER')},Imported,3\n`,
    }),
  'POST /api/categories': async () => () =>
    stack.api('POST /api/categories', { token, body: { name: unique('Category') } }),
  'PUT /api/categories/{id}': async () => {
    const { id } = await newCategory();
    return () =>
      stack.api('PUT /api/categories/{id}', { token, body: { name: unique('Renamed') }, params: { id } });
  },
  'DELETE /api/categories/{id}': async () => {
    const { id } = await newCategory();
    return () => stack.api('DELETE /api/categories/{id}', { token, params: { id } });
  },
  'POST /api/competitor-urls': async () => {
    const { id } = await newProduct();
    return () => stack.api('POST /api/competitor-urls', { token, body: urlBody(id) });
  },
  'PUT /api/competitor-urls/{id}': async () => {
    const { id, product_id } = await newUrl();
    return () =>
      stack.api('PUT /api/competitor-urls/{id}', { token, body: urlBody(product_id), params: { id } });
  },
  'DELETE /api/competitor-urls/{id}': async () => {
    const { id } = await newUrl();
    return () => stack.api('DELETE /api/competitor-urls/{id}', { token, params: { id } });
  },
  'POST /api/competitor-urls/{id}/accept-price': async () => {
    const { id, checkedAt } = await heldUrl();
    return () =>
      stack.api('POST /api/competitor-urls/{id}/accept-price', {
        token,
        body: { checked_at: checkedAt },
        params: { id },
      });
  },
  'POST /api/competitor-urls/{id}/reject-price': async () => {
    const { id, checkedAt } = await heldUrl();
    return () =>
      stack.api('POST /api/competitor-urls/{id}/reject-price', {
        token,
        body: { checked_at: checkedAt },
        params: { id },
      });
  },
  'PUT /api/competitor-urls/{id}/price-pin': async () => {
    const { id } = await consideredUrl();
    return () =>
      stack.api('PUT /api/competitor-urls/{id}/price-pin', {
        token,
        params: { id },
        body: { candidate_id: 1 },
      });
  },
  'DELETE /api/competitor-urls/{id}/price-pin': async () => {
    const { id } = await consideredUrl();
    await stack.api('PUT /api/competitor-urls/{id}/price-pin', {
      token,
      params: { id },
      body: { candidate_id: 1 },
    });
    return () => stack.api('DELETE /api/competitor-urls/{id}/price-pin', { token, params: { id } });
  },
  'POST /api/competitor-urls/import': async () => {
    const { sku } = await newProduct();
    return () =>
      stack.upload('POST /api/competitor-urls/import', token, {
        name: 'urls.csv',
        content: `SKU,Shop\n${sku},https://shop.example.com/${unique('p')}\n`,
      });
  },
};

async function version(): Promise<number> {
  const { readCatalogueVersion } = await import('@cmp/functions/data/catalogue-version.repository');
  return (await readCatalogueVersion()).value;
}

describe('the catalogue version', () => {
  it('has a case here for every write route of the catalogue groups', () => {
    expect(Object.keys(cases).sort()).toEqual(writeRoutes);
  });

  it.each(writeRoutes)('moves on with %s', async (id) => {
    const write = await cases[id]?.();
    if (!write) throw new Error(`No case for ${id}: add one to this test`);
    const before = await version();
    const { status, body } = await write();

    expect(status, JSON.stringify(body)).toBeLessThan(300);
    expect(await version()).toBeGreaterThan(before);
  });
});

describe('an import preview, and an upload form', () => {
  it('moves the version on no more than a read does', async () => {
    const formBefore = await version();
    const form = await stack.api('POST /api/imports/uploads', {
      token,
      body: { kind: 'products', filename: 'products.csv', size: 100 },
    });
    expect([form.status, await version()]).toEqual([201, formBefore]);
    const before = await version();
    const { status } = await stack.upload('POST /api/products/import/preview', token, {
      name: 'products.csv',
      content: 'SKU,Product Name,Current Price\nPREVIEW-1,Previewed lamp,12.50\n',
    });

    expect(status).toBe(200);
    expect(await version()).toBe(before);
  });
});

describe('a catalogue write that changes nothing', () => {
  it('moves neither the version nor the counts: a refused write, a delete of an item gone already', async () => {
    const { countProducts, deleteProductItem, getProduct } = await import(
      '@cmp/functions/data/product.repository'
    );
    const product = await newProduct();
    const record = await getProduct(product.id);
    if (!record) throw new Error('the product was not stored');
    const before = { version: await version(), count: await countProducts() };

    const duplicate = await stack.api('POST /api/products', {
      token,
      body: { sku: product.sku, name: 'Same SKU', current_price: 1 },
    });
    const refused = { version: await version(), count: await countProducts() };
    await deleteProductItem(record);
    const deleted = { version: await version(), count: await countProducts() };
    await deleteProductItem(record);
    const again = { version: await version(), count: await countProducts() };

    expect(duplicate.status).toBe(409);
    expect(refused).toEqual(before);
    expect(deleted).toEqual({ version: before.version + 1, count: before.count - 1 });
    expect(again).toEqual(deleted);
  });
});
