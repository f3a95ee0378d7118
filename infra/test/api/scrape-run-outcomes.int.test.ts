import type { CompetitorUrl, DashboardProduct, LastCheck, Product } from '@cmp/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { CAPTCHA_PAGE, productPage as kettlePage, startChangingShop } from '../support/changing-shop';
import { signedInStack } from '../support/signed-in-stack';

/**
 * Real runs over a shop whose pages change between runs: every check ends in one outcome that the
 * API reports as the URL's `last_check`, and only an accepted price decides the comparison.
 */
const shop = await startChangingShop();
const { pages, origin } = shop;
const { stack, token } = await signedInStack({ env: { SCRAPER_ALLOW_HOSTS: shop.hostPort } });
afterAll(() => shop.close());

/** The kettle's page; `shown` puts the price in the buy box too (a second, independent source). */
const productPage = (price: string, shown: boolean) => kettlePage('Steel kettle', price, shown);

async function addProduct(
  sku: string,
  price: number,
  path: string,
): Promise<{ product: Product; urlId: number }> {
  const { body } = await stack.api('POST /api/products', {
    token,
    body: { sku, name: `Kettle ${sku}`, current_price: price },
  });
  const added = await stack.api('POST /api/competitor-urls', {
    token,
    body: { product_id: body.product.id, competitor_name: 'Shop', url: `${origin}${path}` },
  });
  return { product: body.product, urlId: added.body.competitorUrl.id };
}

async function runAll(): Promise<void> {
  const started = await stack.api('POST /api/scraper/run', { token, body: {} });
  expect(started.status).toBe(202);
  await stack.stepFunctions.idle();
}

async function lastCheck(urlId: number): Promise<LastCheck | null> {
  const { body } = await stack.api('GET /api/competitor-urls/{id}', { token, params: { id: urlId } });
  return body.competitorUrl.last_check;
}

async function dashboardRow(productId: number): Promise<DashboardProduct> {
  const { body } = await stack.api('GET /api/dashboard/products', { token });
  const row = body.products.find((p) => p.id === productId);
  if (!row) throw new Error(`product ${productId} not on the dashboard`);
  return row;
}

const jumping = await addProduct('JUMP', 40, '/kettle');
const refused = await addProduct('REFUSED', 10, '/refused');
const captcha = await addProduct('CAPTCHA', 10, '/captcha');
const challenged = await addProduct('CHALLENGE', 10, '/challenge');
pages.set('/kettle', { status: 200, html: productPage('45.00', true) });
pages.set('/refused', { status: 403, html: '<h1>Forbidden</h1>' });
pages.set('/captcha', { status: 200, html: CAPTCHA_PAGE });
// A bot protection's challenge, served with a bare 503 (no Retry-After).
pages.set('/challenge', {
  status: 503,
  html: '<html><head><title>Just a moment...</title></head><body>Checking your browser before accessing the shop.</body></html>',
});

describe('check outcomes over three runs', () => {
  it('accepts a first price, holds a jump one source shows, and takes it once a second check confirms it', async () => {
    await runAll();
    const first = await dashboardRow(jumping.product.id);

    // The competitor now says £4.50, in its structured data only: '$45' read as '$4.50'?
    pages.set('/kettle', { status: 200, html: productPage('4.50', false) });
    await runAll();
    const held = await dashboardRow(jumping.product.id);
    const heldCheck = await lastCheck(jumping.urlId);

    await runAll();
    const confirmed = await dashboardRow(jumping.product.id);

    expect(first.price_comparison).toEqual(
      expect.objectContaining({ status: 'LOWER', lowest_competitor_price: 45, competitors_with_data: 1 }),
    );
    expect(heldCheck).toEqual({
      outcome: 'review',
      message:
        'Held for review: 4.50 GBP is under 1/2 of the last accepted 45.00 GBP, and only one source shows it',
      checked_at: expect.any(String),
      price: 4.5,
      currency: 'GBP',
      in_stock: true,
      consecutive_failures: 0,
    });
    // The held price changes nothing: same status, same price compared, still 'with data'.
    expect(held.price_comparison).toEqual(
      expect.objectContaining({ status: 'LOWER', lowest_competitor_price: 45, competitors_with_data: 1 }),
    );
    expect(held.price_comparison.competitor_prices[0]).toEqual(
      expect.objectContaining({
        price: 45,
        accepted: true,
        counted: true,
        last_check: expect.objectContaining({ outcome: 'review', price: 4.5 }),
      }),
    );
    expect(confirmed.price_comparison).toEqual(
      expect.objectContaining({ status: 'HIGHER', lowest_competitor_price: 4.5 }),
    );
    expect(await lastCheck(jumping.urlId)).toEqual(
      expect.objectContaining({ outcome: 'ok', message: 'Price confirmed by a second check' }),
    );
  });

  it('records a refusal, a captcha page and a challenge as blocked, counting the failures in a row', async () => {
    expect(await lastCheck(refused.urlId)).toEqual({
      outcome: 'blocked',
      message: 'Blocked: the shop refused the request (HTTP 403)',
      checked_at: expect.any(String),
      price: null,
      currency: null,
      in_stock: null,
      consecutive_failures: 3,
    });
    expect(await lastCheck(captcha.urlId)).toEqual(
      expect.objectContaining({
        outcome: 'blocked',
        message: 'Blocked: the shop showed a captcha instead of the product page',
        consecutive_failures: 3,
      }),
    );
    expect(await lastCheck(challenged.urlId)).toEqual(
      expect.objectContaining({
        outcome: 'blocked',
        message: "Blocked: the shop's bot protection refused the request (HTTP 503)",
      }),
    );
    expect((await dashboardRow(refused.product.id)).price_comparison.status).toBe('NO_DATA');
  });

  it('starts the count again once the page can be read', async () => {
    pages.set('/refused', { status: 200, html: productPage('9.00', true) });
    await runAll();

    expect(await lastCheck(refused.urlId)).toEqual(
      expect.objectContaining({ outcome: 'ok', price: 9, consecutive_failures: 0 }),
    );
  });

  it('lists last_check on every URL, null before the first check', async () => {
    const unchecked = await addProduct('NEW', 10, '/new');
    const { body } = await stack.api('GET /api/competitor-urls', { token });
    const byId = new Map(body.competitorUrls.map((url) => [url.id, url.last_check]));

    expect(byId.get(unchecked.urlId)).toBeNull();
    expect(byId.get(captcha.urlId)?.outcome).toBe('blocked');
    expect(byId.get(jumping.urlId)?.outcome).toBe('ok');
  });
});

describe("'Check now' and a person's word on a held price", () => {
  async function checkNow(urlId: number) {
    const answer = await stack.api('POST /api/competitor-urls/{id}/check', {
      token,
      body: {},
      params: { id: urlId },
    });
    await stack.stepFunctions.idle();
    return answer;
  }

  /** A URL whose accepted £45 was followed by a £4.50 the gate held. */
  async function heldJump(sku: string, path: string) {
    const added = await addProduct(sku, 40, path);
    pages.set(path, { status: 200, html: productPage('45.00', true) });
    await checkNow(added.urlId);
    pages.set(path, { status: 200, html: productPage('4.50', false) });
    await checkNow(added.urlId);
    const held = await lastCheck(added.urlId);
    if (held?.outcome !== 'review') throw new Error(`expected a held price, got ${JSON.stringify(held)}`);
    return { ...added, held };
  }

  const decide = (urlId: number, decision: 'accept' | 'reject', checked_at: string) =>
    stack.send<{ competitorUrl: CompetitorUrl }>('POST', `/api/competitor-urls/${urlId}/${decision}-price`, {
      token,
      body: { checked_at },
    });

  it('checks one URL through the state machine and leaves every other URL alone', async () => {
    const others = new Map(
      (await stack.api('GET /api/competitor-urls', { token })).body.competitorUrls.map((url) => [
        url.id,
        url.last_check?.checked_at,
      ]),
    );
    const fresh = await addProduct('CHECK-NOW', 10, '/check-now');
    pages.set('/check-now', { status: 200, html: productPage('12.00', true) });

    const answer = await checkNow(fresh.urlId);
    const after = (await stack.api('GET /api/competitor-urls', { token })).body.competitorUrls;

    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ success: true, message: 'Check started', run_id: expect.any(String) });
    expect(after.find((url) => url.id === fresh.urlId)?.last_check).toEqual(
      expect.objectContaining({ outcome: 'ok', price: 12 }),
    );
    for (const url of after.filter((u) => u.id !== fresh.urlId))
      expect(url.last_check?.checked_at).toBe(others.get(url.id));
    expect(
      (await stack.api('POST /api/competitor-urls/{id}/check', { token, body: {}, params: { id: '999999' } }))
        .status,
    ).toBe(404);
  });

  it('accepts a held price: the comparison uses it at once', async () => {
    const { product, urlId, held } = await heldJump('ACCEPT', '/accept');

    const accepted = await decide(urlId, 'accept', held.checked_at);
    const row = await dashboardRow(product.id);

    expect(accepted.status).toBe(200);
    expect(accepted.body.competitorUrl.last_check).toEqual(
      expect.objectContaining({ outcome: 'ok', price: 4.5, message: 'Price accepted by Admin' }),
    );
    expect(row.price_comparison).toEqual(
      expect.objectContaining({ status: 'HIGHER', lowest_competitor_price: 4.5 }),
    );
    // Decided once: the same decision again finds nothing waiting.
    expect((await decide(urlId, 'accept', held.checked_at)).status).toBe(409);
  });

  it('rejects a held price: the comparison keeps the accepted one, and finding it again does not confirm it', async () => {
    const { product, urlId, held } = await heldJump('REJECT', '/reject');

    const stale = await decide(urlId, 'reject', '2020-01-01T00:00:00.000Z');
    const rejected = await decide(urlId, 'reject', held.checked_at);
    await checkNow(urlId);
    const again = await lastCheck(urlId);
    const row = await dashboardRow(product.id);

    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ success: false, error: 'This price is no longer waiting for review' });
    expect(rejected.status).toBe(200);
    expect(rejected.body.competitorUrl.last_check?.message).toBe(
      'Price rejected by Admin; the comparison keeps the last accepted price',
    );
    expect(again).toEqual(
      expect.objectContaining({
        outcome: 'review',
        message: 'Held for review: a person rejected this price before',
      }),
    );
    expect(row.price_comparison).toEqual(
      expect.objectContaining({ status: 'LOWER', lowest_competitor_price: 45 }),
    );
  });
});
