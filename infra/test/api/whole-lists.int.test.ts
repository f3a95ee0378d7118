import { describe, expect, it } from 'vitest';
import { present } from '../support/present';
import { signedInStack } from '../support/signed-in-stack';

/**
 * The whole-catalogue lists read their items as several id ranges at once: nothing may fall between
 * two ranges, none may come twice, and the order stays the id order.
 */
const { stack, token } = await signedInStack();

async function addProduct(n: number): Promise<number> {
  const { body } = await stack.api('POST /api/products', {
    token,
    body: { sku: `RANGE-${n}`, name: `Range product ${n}`, current_price: 10 + n },
  });
  await stack.api('POST /api/competitor-urls', {
    token,
    body: { product_id: body.product.id, competitor_name: 'Shop', url: `https://shop.example.com/p/${n}` },
  });
  return body.product.id;
}

const listIds = async (path: string, key: string) =>
  (await stack.send<Record<string, { id: number }[]>>('GET', path, { token })).body[key]?.map(
    (item) => item.id,
  );

describe('the whole-catalogue lists', () => {
  it('list every product and URL once, in id order, across deletions and an id past the counter', async () => {
    const ids: number[] = [];
    for (let n = 0; n < 11; n++) ids.push(await addProduct(n));
    for (const gone of [ids[2], ids[7]])
      expect(
        (await stack.api('DELETE /api/products/{id}', { token, params: { id: present(gone) } })).status,
      ).toBe(200);
    // An id beyond the counter's last, as a product created while a list is read would have.
    const { createProduct } = await import('@cmp/functions/data/product.repository');
    const { lastIssuedId } = await import('@cmp/functions/data/counter.repository');
    const beyond = (await lastIssuedId('product')) + 40;
    await createProduct(
      {
        sku: 'RANGE-BEYOND',
        name: 'Beyond',
        current_price: 1,
        cost: null,
        gtin: null,
        mpn: null,
        brand: null,
        category_id: null,
      },
      beyond,
    );
    const kept = [...ids.filter((id) => id !== ids[2] && id !== ids[7]), beyond];

    expect(await listIds('/api/products', 'products')).toEqual(kept);
    expect(await listIds('/api/dashboard/products', 'products')).toEqual(kept);
    const urls = (await stack.api('GET /api/competitor-urls', { token })).body.competitorUrls;
    expect(urls.map((url) => url.product_id)).toEqual(kept.slice(0, -1));
    expect(urls.map((url) => url.id)).toEqual([...urls.map((url) => url.id)].sort((a, b) => a - b));
  });
});
