import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LastCheck, Product, RequestBody } from '@cmp/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { present } from '../support/present';
import { signedInStack } from '../support/signed-in-stack';

/**
 * A real run that reads each product's GTIN and MPN: a competitor page for another GTIN is
 * 'wrong_product' and its price does not count; on a page offering several variants, the one
 * carrying our GTIN or MPN is taken.
 */
const pages = new Map<string, string>();
const shop = createServer((req, res) => {
  const html = pages.get(req.url ?? '');
  if (html === undefined) return res.writeHead(404).end();
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
}).listen(0, '127.0.0.1');
await once(shop, 'listening');
const origin = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
const { stack, token } = await signedInStack({ env: { SCRAPER_ALLOW_HOSTS: new URL(origin).host } });
afterAll(async () => {
  shop.closeAllConnections();
  await new Promise((resolve) => shop.close(resolve));
});

const OUR_GTIN = '4006381333931';
const offer = (price: string) => ({
  '@type': 'Offer',
  price,
  priceCurrency: 'GBP',
  availability: 'https://schema.org/InStock',
});
/** A product page: its JSON-LD, and the prices its buy box shows. */
const productPage = (ld: object, shown: string[]) =>
  `<!doctype html><html><head><title>Steel kettle</title><script type="application/ld+json">${JSON.stringify({
    '@context': 'https://schema.org',
    ...ld,
  })}</script></head><body><main><h1>Steel kettle</h1>
  ${shown.map((price) => `<p class="price">£${price}</p>`).join('')}<button>Add to basket</button>
  ${'<p>A steel kettle that boils 1.7 litres in under three minutes, with a filter and a light.</p>'.repeat(40)}
  </main></body></html>`;
const kettle = (gtin13: string, price: string) =>
  productPage({ '@type': 'Product', name: 'Steel kettle', gtin13, offers: offer(price) }, [price]);
/** Two variants in a ProductGroup; the page shows the first (the default) in its buy box. */
const variants = (first: Record<string, string>, second: Record<string, string>) =>
  productPage(
    {
      '@type': 'ProductGroup',
      name: 'Steel kettle',
      hasVariant: [
        { '@type': 'Product', name: 'Steel kettle, white', ...first, offers: offer('30.00') },
        { '@type': 'Product', name: 'Steel kettle, black', ...second, offers: offer('35.00') },
      ],
    },
    ['30.00'],
  );

/** The competitor URL id of each shop path. */
const urlIds = new Map<string, number>();

async function addProduct(
  fields: Pick<RequestBody<'POST /api/products'>, 'sku'> & Partial<RequestBody<'POST /api/products'>>,
  paths: string[],
): Promise<Product> {
  const { body } = await stack.api('POST /api/products', {
    token,
    body: { name: 'Steel kettle', current_price: 40, ...fields },
  });
  for (const [n, path] of paths.entries()) {
    const added = await stack.api('POST /api/competitor-urls', {
      token,
      body: { product_id: body.product.id, competitor_name: `Shop ${n + 1}`, url: `${origin}${path}` },
    });
    urlIds.set(path, added.body.competitorUrl.id);
  }
  return body.product;
}

/** The last check of the competitor URL at `path`. */
async function lastCheck(path: string): Promise<LastCheck | null> {
  const { body } = await stack.api('GET /api/competitor-urls/{id}', {
    token,
    params: { id: present(urlIds.get(path)) },
  });
  return body.competitorUrl.last_check;
}

async function comparison(productId: number) {
  const { body } = await stack.api('GET /api/dashboard/products', { token });
  return body.products.find((p) => p.id === productId)?.price_comparison;
}

const twoShops = await addProduct({ sku: 'GTIN-TWO-SHOPS', gtin: OUR_GTIN }, ['/ours', '/another']);
await addProduct({ sku: 'GTIN-VARIANT', gtin: '036000291452' }, ['/variants-gtin']);
await addProduct({ sku: 'MPN-VARIANT', mpn: 'WK-17-BLK' }, ['/variants-mpn']);
pages.set('/ours', kettle(OUR_GTIN, '45.00'));
// A cheaper kettle, but another product: compared, it would make ours the dearer.
pages.set('/another', kettle('5012345678900', '20.00'));
pages.set('/variants-gtin', variants({ gtin12: '036000291469' }, { gtin12: '036000291452' }));
pages.set('/variants-mpn', variants({ mpn: 'WK-17-WHT' }, { mpn: 'WK-17-BLK' }));
const started = await stack.api('POST /api/scraper/run', { token, body: {} });
await stack.stepFunctions.idle();

describe('a product’s GTIN and MPN in a run', () => {
  it('records a page for another GTIN as wrong_product, and its price takes no part in the comparison', async () => {
    expect(started.status).toBe(202);
    expect(await lastCheck('/another')).toEqual(
      expect.objectContaining({
        outcome: 'wrong_product',
        message: `Wrong product: the page is for GTIN 5012345678900, ours is ${OUR_GTIN}`,
        price: null,
      }),
    );
    expect(await lastCheck('/ours')).toEqual(expect.objectContaining({ outcome: 'ok', price: 45 }));
    expect(await comparison(twoShops.id)).toEqual(
      expect.objectContaining({ status: 'LOWER', lowest_competitor_price: 45, competitors_with_data: 1 }),
    );
  });

  it('takes the variant carrying our GTIN, not the one the page shows first', async () => {
    expect(await lastCheck('/variants-gtin')).toEqual(expect.objectContaining({ outcome: 'ok', price: 35 }));
  });

  it('takes the variant carrying our MPN', async () => {
    expect(await lastCheck('/variants-mpn')).toEqual(expect.objectContaining({ outcome: 'ok', price: 35 }));
  });
});
