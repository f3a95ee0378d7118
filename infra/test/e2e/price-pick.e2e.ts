import { afterAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe';
import { openSignedIn, signInAsAdmin, tabTo } from '../support/browser';
import { useBrowserPage } from '../support/browser-fixture';
import { startChangingShop } from '../support/changing-shop';
import { productRow } from '../support/dashboard-page';
import { signedInStack } from '../support/signed-in-stack';

/**
 * 'Not the right price?' in the Competitors page's price dialog (docs/rules.md#price-pins): the
 * prices the latest check considered, with their context; picking one by keyboard pins it and
 * checks the page again, and the dialog says who picked it.
 */
const shop = await startChangingShop();
const { stack, token } = await signedInStack({
  serveWeb: true,
  env: { SCRAPER_ALLOW_HOSTS: shop.hostPort },
});
const page = useBrowserPage();
afterAll(() => shop.close());

/** The shop's JSON-LD names its list price; its buy box also shows the members' price. */
const kettlePage = (member: string) => `<html><head><title>Kettle | Shop</title>
  <script type="application/ld+json">${JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: 'Pick Kettle',
    offers: { '@type': 'Offer', price: '49.00', priceCurrency: 'GBP' },
  })}</script></head>
  <body><main><div id="buy-box"><h1>Pick Kettle</h1><p class="list">£49.00</p>
  <p class="member"><span>Members pay</span> <b class="member-price">£${member}</b></p>
  <button>Add to basket</button></div></main></body></html>`;

const { body: added } = await stack.api('POST /api/products', {
  token,
  body: { sku: 'PICK-1', name: 'Pick Kettle', current_price: 45 },
});
const { body: url } = await stack.api('POST /api/competitor-urls', {
  token,
  body: { product_id: added.product.id, competitor_name: 'Kettle Hut', url: `${shop.origin}/kettle` },
});
shop.pages.set('/kettle', { status: 200, html: kettlePage('42.00') });
await stack.api('POST /api/competitor-urls/{id}/check', {
  token,
  params: { id: url.competitorUrl.id },
  body: {},
});
await stack.stepFunctions.idle();

describe('Not the right price?', () => {
  it('lists the prices found with their context; picking one by keyboard pins it and checks again', async () => {
    await openSignedIn(page, stack.url, '/competitors');
    await page
      .locator('tbody tr')
      .filter({ hasText: 'Pick Kettle' })
      .getByRole('button', { name: 'OK: latest check of Kettle Hut for Pick Kettle' })
      .click();
    const prices = page.getByRole('dialog', { name: 'Kettle Hut' });
    await prices.getByText('Price found').first().waitFor();
    const opener = prices.getByRole('button', { name: 'Not the right price? Prices found on Kettle Hut' });

    await tabTo(page, opener);
    await page.keyboard.press('Enter');
    const list = prices.getByRole('list', { name: 'Prices found on Kettle Hut' });
    await list.waitFor();
    const listed = await list.textContent();
    await expectAccessible(page, prices);
    // The members' price changes before the check that follows the pick: the pin follows its place.
    shop.pages.set('/kettle', { status: 200, html: kettlePage('41.50') });
    const pick = list.getByRole('button', { name: /^Pick £42\.00: .*Members pay/ });
    await tabTo(page, pick);
    await page.keyboard.press('Enter');
    await page.locator('.Toastify').getByText('Price picked; checking the page again').waitFor();
    await stack.stepFunctions.idle();
    await prices.getByText(/^Picked by Admin/).waitFor();
    await expect
      .poll(async () => (await prices.locator('dl').textContent()) ?? '', { timeout: 10_000 })
      .toContain('£41.50');
    await expectAccessible(page, prices);

    expect(listed).toContain('£49.00');
    expect(listed).toContain('Structured data (JSON-LD) · taken by the latest check');
    expect(listed).toContain('Members pay');
  });

  it("says who picked the price in the dashboard's Competitor Prices dialog, where the pick can be removed", async () => {
    await signInAsAdmin(page, stack.url);
    await page.getByRole('searchbox', { name: 'Search products' }).fill('PICK-1');
    await productRow(page, 'PICK-1').getByRole('button', { name: '1 of 1 with data' }).click();
    const prices = page.getByRole('dialog', { name: 'Competitor Prices' });
    const picked = prices.getByText(/^Picked by Admin/);
    await picked.waitFor();
    await expectAccessible(page, prices);

    await prices.getByRole('button', { name: 'Remove pick' }).click();
    await page.locator('.Toastify').getByText('Pick removed').waitFor();
    await picked.waitFor({ state: 'detached' });

    const { body } = await stack.api('GET /api/competitor-urls/{id}', {
      token,
      params: { id: url.competitorUrl.id },
    });
    expect(body.competitorUrl.price_pin).toBeNull();
  });
});
