import { afterAll, describe, expect, it } from 'vitest';
import { startFixtureShop } from '../support/fixture-shop';
import { signedInStack } from '../support/signed-in-stack';

/** A product deleted while a run is checking its pages leaves nothing of it behind. */
const PAGE_DELAY_MS = 1500;
const shop = await startFixtureShop({ delayMs: PAGE_DELAY_MS });
const { stack, token } = await signedInStack({ env: { SCRAPER_ALLOW_HOSTS: shop.hostPort } });
afterAll(() => shop.close());

const addProduct = async (sku: string, pages: number[]) => {
  const { product } = (
    await stack.api('POST /api/products', { token, body: { sku, name: `Product ${sku}`, current_price: 20 } })
  ).body;
  const urlIds: number[] = [];
  for (const n of pages) {
    const added = await stack.api('POST /api/competitor-urls', {
      token,
      body: { product_id: product.id, competitor_name: 'Fixture', url: `${shop.origin}/p/${n}` },
    });
    urlIds.push(added.body.competitorUrl.id);
  }
  return { product, urlIds };
};

describe('deleting a product while its pages are being checked', () => {
  it('leaves no price record or latest observation of its URLs once the run ends', async () => {
    const doomed = await addProduct('DEL-1', [1, 2]);
    const kept = await addProduct('KEEP-1', [3]);

    const started = await stack.api('POST /api/scraper/run', { token, body: {} });
    // A request at the shop means the checks have read their URLs and are waiting for pages.
    while (shop.requests() < 2) await new Promise((resolve) => setTimeout(resolve, 20));
    const deleted = await stack.api('DELETE /api/products/{id}', {
      token,
      params: { id: doomed.product.id },
    });
    const deletedBeforePages = shop.requests() < 3 + 2; // robots.txt and pages still in flight
    await stack.stepFunctions.idle();
    const items = await stack.scanTable();
    const leftOf = (urlIds: number[]) =>
      items.filter(
        (item) =>
          (item.type === 'price-record' && urlIds.includes(item.competitor_url_id as number)) ||
          (item.type === 'competitor-url' && urlIds.includes(item.id as number)),
      );
    const [log] = await stack.scraperLogs(token);

    expect(started.status).toBe(202);
    expect(deleted.status).toBe(200);
    expect(deletedBeforePages).toBe(true);
    expect(leftOf(doomed.urlIds)).toEqual([]);
    // The product that stayed was checked and recorded as usual.
    expect(leftOf(kept.urlIds)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'price-record', price: 3.99 }),
        expect.objectContaining({ type: 'competitor-url', latest: expect.objectContaining({ price: 3.99 }) }),
      ]),
    );
    expect(log).toEqual(
      // The deleted product's URLs were never checked: the run's figures still add up to its total.
      expect.objectContaining({
        status: 'completed',
        total_urls: 3,
        successful_urls: 1,
        failed_urls: 0,
        not_checked_urls: 2,
      }),
    );
  });
});
