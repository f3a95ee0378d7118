import { describe, expect, it } from 'vitest';
import { signedInStack } from '../support/signed-in-stack';

/** Listing costs a fixed number of DynamoDB requests, whatever the catalogue's size; deleting leaves nothing behind. */
const { stack, token } = await signedInStack();

async function addCategories(count: number, from: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = from; i < from + count; i++) {
    const { body } = await stack.api('POST /api/categories', { token, body: { name: `Bulk category ${i}` } });
    ids.push(body.category.id);
  }
  return ids;
}

/** Products spread over the given categories, each with one competitor URL. */
async function addProducts(count: number, from: number, categoryIds: readonly number[]) {
  for (let i = from; i < from + count; i++) {
    const { body } = await stack.api('POST /api/products', {
      token,
      body: {
        sku: `BULK-${i}`,
        name: `Bulk product ${i}`,
        current_price: 10,
        category_id: categoryIds[i % categoryIds.length],
      },
    });
    await stack.api('POST /api/competitor-urls', {
      token,
      body: { product_id: body.product.id, competitor_name: 'Shop', url: `https://shop.example.com/p/${i}` },
    });
  }
}

describe('what listing the catalogue costs', () => {
  it('makes the same number of DynamoDB requests for 5 products in 2 categories as for 60 in 14', async () => {
    const categoryIds = await addCategories(2, 0);
    await addProducts(5, 0, categoryIds);
    const small = {
      products: await stack.countDynamoRequests(() => stack.api('GET /api/products', { token })),
      categories: await stack.countDynamoRequests(() => stack.api('GET /api/categories', { token })),
      urls: await stack.countDynamoRequests(() => stack.api('GET /api/competitor-urls', { token })),
    };
    categoryIds.push(...(await addCategories(12, 2)));
    await addProducts(55, 5, categoryIds);
    const large = {
      products: await stack.countDynamoRequests(() => stack.api('GET /api/products', { token })),
      categories: await stack.countDynamoRequests(() => stack.api('GET /api/categories', { token })),
      urls: await stack.countDynamoRequests(() => stack.api('GET /api/competitor-urls', { token })),
    };

    expect(large).toEqual(small);
    // Session check (2 reads), the catalogue version for the kept lists, one query per list joined;
    // products and competitor URLs are each the counter's last id and 4 id ranges read at once.
    expect(small).toEqual({ products: 9, categories: 9, urls: 13 });
  });
});

describe('deleting a product', () => {
  it('removes its competitor URLs and all their price records, leaving nothing of it in the table', async () => {
    const { body } = await stack.api('POST /api/products', {
      token,
      body: { sku: 'GONE-1', name: 'Doomed', current_price: 3 },
    });
    const productId = body.product.id;
    const urlIds: number[] = [];
    for (const path of ['a', 'b']) {
      const added = await stack.api('POST /api/competitor-urls', {
        token,
        body: { product_id: productId, competitor_name: 'Shop', url: `https://gone.example.com/${path}` },
      });
      urlIds.push(added.body.competitorUrl.id);
    }
    const { putPriceRecord } = await import('@cmp/functions/data/price-record.repository');
    for (const urlId of urlIds) {
      for (const run of ['20261101T000000Z-a', '20261102T000000Z-b']) {
        await putPriceRecord({
          run_id: run,
          competitor_url_id: urlId,
          product_id: productId,
          competitor_name: 'Shop',
          competitor_url: 'https://gone.example.com/',
          price: 3,
          currency: 'GBP',
          in_stock: true,
          confidence: 1,
          scraped_at: '2026-11-01T00:00:00.000Z',
          error_message: null,
          llm_response: null,
          outcome: 'ok',
          message: 'Price found',
        });
      }
    }

    const deleted = await stack.api('DELETE /api/products/{id}', { token, params: { id: productId } });
    const leftovers = (await stack.scanTable()).filter(
      (item) =>
        item.product_id === productId ||
        (item.id === productId && item.type === 'product') ||
        urlIds.includes(Number(item.competitor_url_id)) ||
        (item.owner_id === productId && String(item.PK).startsWith('PRODUCT_SKU#')) ||
        item.PK === `PRODUCT_URL_KEYS#${productId}`,
    );

    expect(deleted.body).toEqual({ success: true });
    expect(leftovers).toEqual([]);
    expect(
      (
        await stack.api('POST /api/products', {
          token,
          body: { sku: 'GONE-1', name: 'Again', current_price: 1 },
        })
      ).status,
    ).toBe(201);
  });
});
