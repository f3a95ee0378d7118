import type { ScraperLog } from '@cmp/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { CAPTCHA_PAGE, productPage, startChangingShop } from '../support/changing-shop';
import { signedInStack } from '../support/signed-in-stack';

/**
 * A run's outcome counts (the sessions table's and the 30-day statistics' breakdown) name each
 * check's own outcome: a refusal or a captcha counts as blocked and a held price as review, not as
 * 'failed' or 'ok' as checks recorded before outcomes were kept would be.
 */
const shop = await startChangingShop();
const { stack, token } = await signedInStack({ env: { SCRAPER_ALLOW_HOSTS: shop.hostPort } });
afterAll(() => shop.close());

async function addUrl(sku: string, path: string): Promise<void> {
  const { body } = await stack.api('POST /api/products', {
    token,
    body: { sku, name: `Kettle ${sku}`, current_price: 40 },
  });
  await stack.api('POST /api/competitor-urls', {
    token,
    body: { product_id: body.product.id, competitor_name: 'Shop', url: `${shop.origin}${path}` },
  });
}

async function runAll(): Promise<ScraperLog> {
  expect((await stack.api('POST /api/scraper/run', { token, body: {} })).status).toBe(202);
  await stack.stepFunctions.idle();
  const [latest] = await stack.scraperLogs(token);
  if (!latest) throw new Error('no run logged');
  return latest;
}

describe('outcome counts', () => {
  it('count blocked and held-for-review checks as such, in the run log and the 30-day statistics', async () => {
    await addUrl('JUMP', '/jump');
    await addUrl('REFUSED', '/refused');
    await addUrl('CAPTCHA', '/captcha');
    shop.pages.set('/jump', { status: 200, html: productPage('Kettle JUMP', '45.00') });
    shop.pages.set('/refused', { status: 403, html: '<h1>Forbidden</h1>' });
    shop.pages.set('/captcha', { status: 200, html: CAPTCHA_PAGE });
    await runAll();
    // A jump only the page's data shows: held for review.
    shop.pages.set('/jump', { status: 200, html: productPage('Kettle JUMP', '4.50', false) });

    const second = await runAll();
    const { body } = await stack.api('GET /api/scraper/stats', { token });

    expect(second).toEqual(
      expect.objectContaining({
        successful_urls: 0,
        failed_urls: 3,
        outcome_counts: expect.objectContaining({ ok: 0, review: 1, blocked: 2, failed: 0 }),
      }),
    );
    expect(body.stats.outcome_counts_last_30_days).toEqual(
      expect.objectContaining({ ok: 1, review: 1, blocked: 4, failed: 0 }),
    );
  });
});
