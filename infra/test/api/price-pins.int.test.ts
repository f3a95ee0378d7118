import { afterAll, describe, expect, it } from 'vitest';
import { startChangingShop } from '../support/changing-shop';
import { present } from '../support/present';
import { signedInStack } from '../support/signed-in-stack';

/**
 * 'Not the right price?' (docs/rules.md#price-pins): the prices a check considered, a person's pin
 * of one of them, and later checks that read the pinned place first.
 */
const shop = await startChangingShop();
const { stack, token } = await signedInStack({ env: { SCRAPER_ALLOW_HOSTS: shop.hostPort } });
afterAll(() => shop.close());

/** A page whose JSON-LD names the list price while the buy box shows the member price the shop means. */
const page = (opts: { member?: string | null; list?: string }) => `<html><head><title>Kettle | Shop</title>
  <script type="application/ld+json">${JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: 'Steel kettle',
    offers: { '@type': 'Offer', price: opts.list ?? '49.00', priceCurrency: 'GBP' },
  })}</script></head>
  <body><main><div id="buy-box"><h1>Steel kettle</h1>
  <p class="list">£${opts.list ?? '49.00'}</p>
  ${opts.member === null ? '' : `<p class="member"><span>Members pay</span> <b class="member-price">£${opts.member ?? '42.00'}</b></p>`}
  <button>Add to basket</button></div></main></body></html>`;

async function addUrl(path: string): Promise<number> {
  const { body: product } = await stack.api('POST /api/products', {
    token,
    body: { sku: `PIN${path.replace(/\W/g, '-')}`, name: 'Steel kettle', current_price: 45 },
  });
  const { body } = await stack.api('POST /api/competitor-urls', {
    token,
    body: { product_id: product.product.id, competitor_name: 'Shop', url: `${shop.origin}${path}` },
  });
  return body.competitorUrl.id;
}

async function check(id: number) {
  expect(
    (await stack.api('POST /api/competitor-urls/{id}/check', { token, params: { id }, body: {} })).status,
  ).toBe(202);
  await stack.stepFunctions.idle();
  return (await stack.api('GET /api/competitor-urls/{id}', { token, params: { id } })).body.competitorUrl;
}

const candidates = (id: number) =>
  stack.api('GET /api/competitor-urls/{id}/price-candidates', { token, params: { id } });

describe('price candidates and pins', () => {
  it('has no candidates before a check has read the page, and refuses a pin then', async () => {
    const id = await addUrl('/unchecked');

    const listed = await candidates(id);
    const pin = await stack.api('PUT /api/competitor-urls/{id}/price-pin', {
      token,
      params: { id },
      body: { candidate_id: 1 },
    });

    expect(listed.body).toEqual({ success: true, candidates: [], checked_at: null });
    expect(pin.status).toBe(409);
    expect(pin.body.error).toBe('No check has read this page yet: check the URL first');
  });

  it('lists what a check considered; a pin makes later checks read its place, until it is gone', async () => {
    const id = await addUrl('/kettle');
    shop.pages.set('/kettle', { status: 200, html: page({}) });
    const first = await check(id);
    const { body: listed } = await candidates(id);
    const member = present(listed.candidates.find((c) => c.amount === 42 && c.source === 'visible'));

    const pinned = await stack.api('PUT /api/competitor-urls/{id}/price-pin', {
      token,
      params: { id },
      body: { candidate_id: member.id },
    });
    // The member price changes and the page around it too: the pin follows the place.
    shop.pages.set('/kettle', { status: 200, html: page({ member: '39.50', list: '52.00' }) });
    const second = await check(id);
    shop.pages.set('/kettle', { status: 200, html: page({ member: null }) });
    const third = await check(id);

    expect(first.last_check).toMatchObject({ outcome: 'ok', price: 49 });
    expect(listed.checked_at).toBe(first.last_check?.checked_at);
    expect(listed.candidates.map((c) => `${c.source} ${c.amount} ${c.chosen}`)).toEqual(
      expect.arrayContaining(['json-ld 49 true', 'visible 42 false']),
    );
    expect(member.context).toContain('Members pay');
    expect(pinned.status).toBe(200);
    expect(pinned.body.competitorUrl?.price_pin).toMatchObject({
      amount: 42,
      currency: 'GBP',
      source: 'visible',
      picked_by: expect.any(String),
    });
    expect(second.last_check).toMatchObject({ outcome: 'ok', price: 39.5 });
    expect(third.last_check).toMatchObject({
      outcome: 'review',
      message: 'The price you picked is no longer on the page',
      price: null,
    });
  });

  it('refuses a candidate the latest check did not consider, and forgets a pin on request', async () => {
    const id = await addUrl('/forget');
    shop.pages.set('/forget', { status: 200, html: page({}) });
    await check(id);
    const { body: listed } = await candidates(id);

    const unknown = await stack.api('PUT /api/competitor-urls/{id}/price-pin', {
      token,
      params: { id },
      body: { candidate_id: 99 },
    });
    await stack.api('PUT /api/competitor-urls/{id}/price-pin', {
      token,
      params: { id },
      body: { candidate_id: present(listed.candidates[0]).id },
    });
    const removed = await stack.api('DELETE /api/competitor-urls/{id}/price-pin', { token, params: { id } });
    const after = await check(id);

    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toEqual({
      candidate_id:
        'Price 99 is not among the prices the latest check considered; reload them and pick again',
    });
    expect(removed.body.competitorUrl?.price_pin).toBeNull();
    expect(after.price_pin).toBeNull();
    expect(after.last_check).toMatchObject({ outcome: 'ok', price: 49 });
  });
});
