import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addUser } from '@cmp/functions/auth/users';
import { ecbRatesTarget } from '@cmp/functions/pricing/ecb-rates-target';
import { ADMINS_ONLY_EXCHANGE_RATES } from '@cmp/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { startFixtureShop } from '../support/fixture-shop';
import { signedInStack } from '../support/signed-in-stack';
import { taskHandler } from '../support/task-handler';

/**
 * Currencies (issue 33, docs/rules.md#27-currencies): a competitor page priced in US dollars, checked
 * by a real run, is compared after conversion at a hand-set rate of its day, and not with a rate 8
 * days old; the daily function reads the ECB's reference rates from its address and follows no
 * redirect elsewhere. Shipping per host joins the comparison once it compares totals.
 */
const shop = await startFixtureShop();
const ecbPaths = new Map<string, { status: number; body?: string; location?: string }>();
const ecb = createServer((req, res) => {
  const answer = ecbPaths.get(req.url ?? '') ?? { status: 404 };
  res.writeHead(answer.status, {
    'content-type': 'application/xml',
    ...(answer.location ? { location: answer.location } : {}),
  });
  res.end(answer.body ?? '');
}).listen(0, '127.0.0.1');
await once(ecb, 'listening');
const ecbOrigin = `http://127.0.0.1:${(ecb.address() as AddressInfo).port}`;
const { stack, token } = await signedInStack({
  env: { SCRAPER_ALLOW_HOSTS: shop.allowHosts, ECB_RATES_URL: `${ecbOrigin}/daily.xml` },
});
afterAll(async () => {
  ecb.closeAllConnections();
  await new Promise((resolve) => ecb.close(resolve));
  await shop.close();
});
await addUser({ email: 'sam@example.com', username: 'sam', firstName: 'Sam', password: 'sam-password-1' });
const staff = await stack.login('sam@example.com', 'sam-password-1');

const today = new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

const { product } = (
  await stack.api('POST /api/products', {
    token,
    body: { sku: 'USD-1', name: 'Imported kettle', current_price: 20, cost: 10 },
  })
).body;
// $24.99 on the page.
await stack.api('POST /api/competitor-urls', {
  token,
  body: { product_id: product.id, competitor_name: 'US shop', url: `${shop.origin}/usd/24` },
});
await stack.api('POST /api/scraper/run', { token, body: {} });
await stack.stepFunctions.idle();

const comparison = async () =>
  (await stack.api('GET /api/dashboard/products', { token, query: { search: 'USD-1' } })).body.products[0]
    ?.price_comparison;
const setRates = (rates: { currency: string; rate: number; date: string }[], as = token) =>
  stack.api('PUT /api/exchange-rates', { token: as, body: { rates } });

describe('a competitor price in US dollars', () => {
  it('is shown, not compared, while no rate converts it', async () => {
    expect(await comparison()).toMatchObject({
      status: 'NO_DATA',
      competitor_prices: [
        { price: 24.99, currency: 'USD', currency_mismatch: true, compared_price: null, counted: true },
      ],
    });
  });

  it('is compared after conversion at a hand-set rate of its day, which staff may read and not change', async () => {
    const set = await setRates([{ currency: 'USD', rate: 0.7812, date: today }]);
    const refused = await setRates([{ currency: 'USD', rate: 1, date: today }], staff);
    const read = await stack.api('GET /api/exchange-rates', { token: staff });

    expect(set.status).toBe(200);
    expect(refused).toMatchObject({ status: 403, body: { error: ADMINS_ONLY_EXCHANGE_RATES } });
    expect(read.body).toEqual({
      success: true,
      shop_currency: 'GBP',
      max_age_days: 7,
      manual: [{ currency: 'USD', rate: 0.7812, date: today }],
      reference: null,
    });
    // 24.99 × 0.7812 = 19.5222: our 20.00 is the dearer.
    expect(await comparison()).toMatchObject({
      status: 'HIGHER',
      lowest_competitor_price: 19.52,
      competitor_prices: [
        {
          price: 24.99,
          currency: 'USD',
          compared_price: 19.52,
          conversion: {
            from_currency: 'USD',
            from_price: 24.99,
            rate: 0.7812,
            rate_date: today,
            source: 'manual',
          },
        },
      ],
    });
    // The Competitors page's price dialog reads the same judgement.
    const url = (await comparison())?.competitor_prices[0]?.competitor_url_id ?? 0;
    const detail = await stack.api('GET /api/competitor-urls/{id}', { token, params: { id: url } });
    expect(detail.body.competitorUrl.compared).toMatchObject({
      compared_price: 19.52,
      conversion: { rate: 0.7812, rate_date: today },
    });
    const csv = await stack.api('GET /api/dashboard/export.csv', { token });
    expect(csv.body).toContain(`,24.99 USD,converted from USD at 0.7812 on ${today},`);
  });

  it('is not compared with a rate 8 days old, and the comparison says which', async () => {
    await setRates([{ currency: 'USD', rate: 0.7812, date: daysAgo(8) }]);

    expect(await comparison()).toMatchObject({
      status: 'NO_DATA',
      competitor_prices: [{ currency_mismatch: true, compared_price: null, stale_rate_date: daysAgo(8) }],
    });
  });

  it("refuses a rate for the shop's own currency or a broken one, keeping the rates set", async () => {
    const own = await setRates([{ currency: 'GBP', rate: 1, date: today }]);
    const broken = await stack.api('PUT /api/exchange-rates', {
      token,
      body: { rates: [{ currency: 'USD', rate: -1, date: today }] },
    });

    expect(own).toMatchObject({
      status: 400,
      body: { error: "GBP is the shop's currency: it needs no rate" },
    });
    expect(broken.status).toBe(400);
    expect((await stack.api('GET /api/exchange-rates', { token })).body.manual).toEqual([
      { currency: 'USD', rate: 0.7812, date: daysAgo(8) },
    ]);
  });
});

describe("the daily function reading the ECB's reference rates", () => {
  const daily = (day: string) =>
    `<?xml version="1.0" encoding="UTF-8"?><gesmes:Envelope><Cube><Cube time="${day}">` +
    `<Cube currency="USD" rate="1.0400"/><Cube currency="GBP" rate="0.8320"/></Cube></Cube></gesmes:Envelope>`;
  const run = async () => (await taskHandler(ecbRatesTarget.entry))({});

  it('keeps the day read, which converts the price once the hand-set rate is gone', async () => {
    ecbPaths.set('/moved.xml', { status: 200, body: daily(today) });
    ecbPaths.set('/daily.xml', { status: 302, location: '/moved.xml' });
    await setRates([]);

    expect(await run()).toEqual({ day: today, currencies: 2 });
    expect((await stack.api('GET /api/exchange-rates', { token })).body.reference).toEqual({
      date: today,
      rates: [
        { currency: 'EUR', rate: 0.832 },
        { currency: 'USD', rate: 0.8 },
      ],
    });
    expect(await comparison()).toMatchObject({
      lowest_competitor_price: 19.99,
      competitor_prices: [{ conversion: { rate: 0.8, source: 'ecb', rate_date: today } }],
    });
  });

  it('follows no redirect to another host, and refuses an answer that is not rates', async () => {
    ecbPaths.set('/daily.xml', { status: 302, location: `http://127.0.0.2:1/daily.xml` });
    await expect(run()).rejects.toThrow(
      'The ECB answer redirects elsewhere (http://127.0.0.2:1): not followed',
    );
    ecbPaths.set('/daily.xml', { status: 200, body: '<html>Maintenance</html>' });
    await expect(run()).rejects.toThrow('The ECB answer names no day');
    ecbPaths.set('/daily.xml', { status: 200, body: daily(today).replace('0.8320', '-1') });
    await expect(run()).rejects.toThrow('The ECB answer holds a rate that is not one: GBP -1');
  });
});

describe('shipping per host', () => {
  it('joins the comparison once it compares totals, and the suggestions with it', async () => {
    const host = new URL(shop.origin).hostname;
    const saved = await stack.api('PUT /api/competitor-hosts/{host}', {
      token,
      params: { host },
      body: {
        fetch_mode: 'auto',
        render_wait_ms: 0,
        spacing_seconds: 1,
        proxy: null,
        shipping: { flat: 4.5, free_over: 50 },
      },
    });
    expect(saved.body).toMatchObject({ host: { shipping: { flat: 4.5, free_over: 50 } } });
    // Not compared with shipping until the comparison adds it.
    expect(await comparison()).toMatchObject({ lowest_competitor_price: 19.99 });

    const changed = await stack.api('PUT /api/comparison-settings', {
      token,
      body: { compare_with_shipping: true },
    });

    expect(changed.body).toEqual({
      success: true,
      settings: { compare_in_stock_only: false, compare_with_shipping: true },
    });
    expect(await comparison()).toMatchObject({
      status: 'LOWER',
      lowest_competitor_price: 24.49,
      competitor_prices: [{ compared_price: 24.49, shipping: 4.5 }],
    });
  });
});
