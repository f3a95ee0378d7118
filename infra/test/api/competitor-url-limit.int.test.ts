import type { Product } from '@cmp/shared';
import { describe, expect, it } from 'vitest';
import { present } from '../support/present';
import { signedInStack } from '../support/signed-in-stack';

/**
 * A product takes at most COMPETITOR_URLS_PER_PRODUCT_MAX competitor URLs (default 50,
 * docs/rules.md#10-competitor-url-policy): by the API and by a CSV import, whose row past the
 * limit is refused whole.
 */
const { stack, token } = await signedInStack();

const createProduct = async (sku: string) =>
  (await stack.api('POST /api/products', { token, body: { sku, name: `Product ${sku}`, current_price: 20 } }))
    .body.product;
const kettle = await createProduct('KET-1');
const mug = await createProduct('MUG-1');

/** `count` distinct shop URLs, numbered from `from`. */
const shopUrls = (count: number, from = 0) =>
  Array.from({ length: count }, (_, i) => `https://shop${from + i}.example.com/item`);
/** A competitor CSV: one row per SKU and its URLs. */
const csv = (...rows: [string, string[]][]) => {
  const width = Math.max(...rows.map(([, urls]) => urls.length));
  const header = ['SKU', ...Array.from({ length: width }, (_, i) => `Shop ${i + 1}`)];
  return [header, ...rows.map(([sku, urls]) => [sku, ...urls])].map((row) => row.join(',')).join('\n');
};
const importUrls = (content: string) =>
  stack.upload('POST /api/competitor-urls/import', token, { name: 'urls.csv', content });
const urlsOf = async (product: Product) =>
  (
    await stack.api('GET /api/competitor-urls/product/{productId}', {
      token,
      params: { productId: product.id },
    })
  ).body.competitorUrls;
const addUrl = (product: Product, url: string) =>
  stack.api('POST /api/competitor-urls', {
    token,
    body: { product_id: product.id, competitor_name: 'Shop', url },
  });

describe('the competitor URLs of one product', () => {
  it('are refused whole when one CSV row would pass the limit, and none is written', async () => {
    const { status, body } = await importUrls(csv(['KET-1', shopUrls(999)]));

    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      imported: 0,
      errors: ['Row 2: SKU "KET-1" can have at most 50 competitor URLs; it has 0, the row adds 999'],
    });
    expect(await urlsOf(kettle)).toEqual([]);
    const claims = (await stack.scanTable()).find((item) => item.PK === `PRODUCT_URL_KEYS#${kettle.id}`);
    expect(claims?.url_keys ?? new Set()).toEqual(new Set());
  });

  it('are taken up to the limit over several rows, and the row past it is refused', async () => {
    const { body } = await importUrls(
      csv(
        ['KET-1', shopUrls(30)],
        ['MUG-1', shopUrls(2)],
        ['KET-1', shopUrls(20, 30)],
        ['KET-1', shopUrls(1, 50)],
      ),
    );

    expect(body).toEqual({
      success: true,
      imported: 52,
      errors: ['Row 5: SKU "KET-1" can have at most 50 competitor URLs; it has 50, the row adds 1'],
    });
    expect(await urlsOf(kettle)).toHaveLength(50);
  });

  it('refuse a 51st by the API with 409, also one moved over from another product', async () => {
    const [mugUrl] = await urlsOf(mug);
    const added = await addUrl(kettle, 'https://one-more.example.com/item');
    const moved = await stack.api('PUT /api/competitor-urls/{id}', {
      token,
      body: { product_id: kettle.id, competitor_name: 'Shop', url: present(mugUrl).url },
      params: { id: present(mugUrl).id },
    });

    expect(added.status).toBe(409);
    expect(added.body).toEqual({
      success: false,
      error: 'A product can have at most 50 competitor URLs',
      fields: { product_id: 'A product can have at most 50 competitor URLs' },
    });
    expect(moved.status).toBe(409);
    expect(await urlsOf(kettle)).toHaveLength(50);
    expect(await urlsOf(mug)).toHaveLength(2);
  });

  it('let a full product change one of its addresses', async () => {
    const [first] = await urlsOf(kettle);
    const edited = await stack.api('PUT /api/competitor-urls/{id}', {
      token,
      body: { product_id: kettle.id, competitor_name: 'Shop', url: 'https://moved.example.com/item' },
      params: { id: present(first).id },
    });

    expect(edited.status).toBe(200);
    expect(await urlsOf(kettle)).toHaveLength(50);
  });

  it('take one of two added at once into the last place', async () => {
    const [first] = await urlsOf(kettle);
    await stack.api('DELETE /api/competitor-urls/{id}', { token, params: { id: present(first).id } });

    const racing = await Promise.all([
      addUrl(kettle, 'https://racer-a.example.com/item'),
      addUrl(kettle, 'https://racer-b.example.com/item'),
    ]);

    expect(racing.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(await urlsOf(kettle)).toHaveLength(50);
  });
});
