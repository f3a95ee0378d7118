// Parts of this run inside the page: they use the browser's types.
/// <reference lib="dom" />
import { addUser } from '@cmp/functions/auth/users';
import { afterAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe';
import { signIn, tabTo } from '../support/browser';
import { useBrowserPage } from '../support/browser-fixture';
import { choose, openDashboard, productRow } from '../support/dashboard-page';
import { startFixtureShop } from '../support/fixture-shop';
import { signedInStack } from '../support/signed-in-stack';

/**
 * The Pricing rules page and the dashboard's suggested prices (issue 33, docs/screens.md#17-pricing-rules):
 * an admin adds a rule through the dialog (its mistakes said in the API's words) and sees what it would
 * move; the dashboard's Suggested column shows each price with why, and Apply sets it, for one row by
 * keyboard or for the selected rows; an admin sets an exchange rate by hand; staff read the rules, the
 * rates and the suggestions but change nothing; a phone
 * never scrolls sideways. axe on the page, the dialog and the dashboard.
 *
 * A fixture shop prices /p/N at N.99: each product's competitor prices follow the numbers of its pages.
 */
const shop = await startFixtureShop();
afterAll(() => shop.close());
const { stack, token } = await signedInStack({ serveWeb: true, env: { SCRAPER_ALLOW_HOSTS: shop.hostPort } });
const STAFF = { email: 'sam@example.com', password: 'sam-password-1' };
await addUser({ email: STAFF.email, username: 'sam', firstName: 'Sam', password: STAFF.password });
for (const [sku, current_price, cost, pages] of [
  // Beat 15.99 by 1 % → 15.83, down to .99 → 14.99 (floor: cost 10 + 20 % = 12.00).
  ['PR-A', 20, 10, [15, 17]],
  // 9.99 → 9.89 → 8.99, up from 5.
  ['PR-B', 5, 4, [9]],
  // 25.99 → 25.73 → 24.99.
  ['PR-C', 30, 10, [25]],
] as const) {
  const { product } = (
    await stack.api('POST /api/products', {
      token,
      body: { sku, name: `Product ${sku}`, current_price, cost },
    })
  ).body;
  for (const n of pages)
    await stack.api('POST /api/competitor-urls', {
      token,
      body: { product_id: product.id, competitor_name: 'Fixture', url: `${shop.origin}/p/${n}` },
    });
}
await stack.api('POST /api/scraper/run', { token, body: {} });
await stack.stepFunctions.idle();

const page = useBrowserPage();
const nav = () => page.getByRole('navigation', { name: 'Main' });
const ourPrice = async (sku: string) =>
  (await stack.api('GET /api/products', { token, query: { search: sku } })).body.products[0]?.current_price;

describe('as an admin', () => {
  it('adds a rule through the dialog, its mistakes said beside the form, and sees what it would move', async () => {
    await openDashboard(page, stack.url);
    // No rules yet: the dashboard has no Suggested column.
    expect(await page.getByRole('columnheader', { name: /Suggested/ }).count()).toBe(0);
    await nav().getByRole('link', { name: 'Pricing' }).click();
    await page.getByRole('heading', { name: 'Pricing rules', level: 1 }).waitFor();
    await page.getByText('No pricing rules yet').waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Add rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add pricing rule' });
    await choose(page, 'Price target', 'Beat the lowest price');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByText('Name is required').waitFor();
    expect(await dialog.getByLabel('Name', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await dialog.getByLabel('Name', { exact: true }).fill('Beat the cheapest');
    await dialog.getByLabel('Percent', { exact: true }).fill('1');
    await dialog.getByLabel('Floor margin (%)').fill('20');
    await choose(page, 'Rounding', 'Down to .99');
    await expectAccessible(page, dialog);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Pricing rule added').waitFor();

    const row = page.getByRole('row', { name: /Beat the cheapest/ });
    await row.getByText('Beat lowest by 1 %').waitFor();
    await row.getByText('1 up · 2 down · 0 unchanged').waitFor();
    expect(await row.innerText()).toContain('Cost + 20 %');
    expect(await row.innerText()).toContain('Down to .99');
    const [saved] = (await stack.api('GET /api/pricing-rules', { token })).body.rules;
    expect(saved).toMatchObject({
      name: 'Beat the cheapest',
      target: 'beat_lowest',
      by_percent: 1,
      rounding: '0.99',
    });
    // The comparison setting, saved at once, and said.
    await page.getByText('Every priced offer is compared, in stock or not.').waitFor();
    await page.getByRole('checkbox', { name: 'Compare offers in stock only' }).check();
    await page.getByText('Out-of-stock offers are now left out').waitFor();
    await page.getByText('Out-of-stock offers are shown but left out of the comparison.').waitFor();
    const settings = (await stack.api('GET /api/comparison-settings', { token })).body.settings;
    expect(settings.compare_in_stock_only).toBe(true);
    // A rate by hand: a mistake said in the API's words, then saved.
    const rates = page.getByRole('form', { name: 'Rates set by hand' });
    await rates.getByRole('button', { name: 'Add rate' }).click();
    await rates.getByLabel('Currency').fill('usd');
    await rates.getByRole('button', { name: 'Save rates' }).click();
    await rates
      .getByRole('alert')
      .getByText('A rate must be a number above 0 and at most 1,000,000')
      .waitFor();
    await rates.getByLabel('Rate', { exact: true }).fill('0.7812');
    await rates.getByRole('button', { name: 'Save rates' }).click();
    await page.getByText('Exchange rates saved').waitFor();
    const { manual } = (await stack.api('GET /api/exchange-rates', { token })).body;
    expect(manual).toEqual([
      { currency: 'USD', rate: 0.7812, date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
    ]);
    await expectAccessible(page);
  });

  it('shows each suggestion with why on the dashboard, and applies one row by keyboard, then the selected rows', async () => {
    await openDashboard(page, stack.url);
    await page.getByRole('columnheader', { name: /Suggested/ }).waitFor();
    const rowC = productRow(page, 'PR-C');
    await rowC.getByText('£24.99').waitFor();
    expect(await rowC.innerText()).toContain('-£5.01');
    await rowC.getByText('Why').click();
    await rowC.getByText('Beat the cheapest: Beat lowest by 1 % → 25.73; rounded to 0.99 → 24.99').waitFor();
    await page
      .getByText('Status and Difference compare our price with the lowest competitor price in stock.')
      .waitFor();
    await expectAccessible(page);

    const applyC = rowC.getByRole('button', { name: 'Apply suggested price £24.99 to Product PR-C' });
    await tabTo(page, applyC, 120);
    await page.keyboard.press('Enter');
    await page.getByText('Applied 1 suggested price').waitFor();
    await rowC.getByText('No change', { exact: true }).waitFor();
    expect(await ourPrice('PR-C')).toBe(24.99);

    await page.getByRole('checkbox', { name: 'Select every suggestion on this page' }).check();
    await page.getByText('2 selected').waitFor();
    await page.getByRole('button', { name: 'Apply selected suggestions' }).click();
    await page.getByText('Applied 2 suggested prices').waitFor();
    await page.getByText('0 selected').waitFor();
    expect([await ourPrice('PR-A'), await ourPrice('PR-B')]).toEqual([14.99, 8.99]);
    // Each change is kept as the rule's.
    const id = (await stack.api('GET /api/products', { token, query: { search: 'PR-A' } })).body.products[0]
      ?.id;
    const history = await stack.api('GET /api/products/{id}/price-history', {
      token,
      params: { id: id ?? 0 },
    });
    expect(history.body.own_prices.map((change) => change.changed_by)).toEqual([
      expect.stringMatching(/^rule:\d+$/),
    ]);
  });
});

describe('as staff', () => {
  it('reads the rules and the suggestions but changes neither', async () => {
    await signIn(page, stack.url, STAFF);
    await page.getByRole('columnheader', { name: /Suggested/ }).waitFor();
    expect(await page.getByRole('button', { name: /^Apply/ }).count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: /^Select/ }).count()).toBe(0);

    await nav().getByRole('link', { name: 'Pricing' }).click();
    await page.getByRole('row', { name: /Beat the cheapest/ }).waitFor();
    expect(await page.getByRole('button', { name: 'Add rule' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^(Edit|Delete|Move) / }).count()).toBe(0);
    await page
      .getByRole('region', { name: 'Rates set by hand' })
      .getByRole('cell', { name: 'USD' })
      .waitFor();
    expect(await page.getByRole('button', { name: /^(Add rate|Save rates)$/ }).count()).toBe(0);
  });
});

describe('on a phone', () => {
  it('shows the rules without scrolling sideways', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openDashboard(page, stack.url);
    await page.goto(`${stack.url}/pricing-rules`);
    await page.getByRole('row', { name: /Beat the cheapest/ }).waitFor();
    const { scroll, width } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      width: window.innerWidth,
    }));
    expect(scroll).toBeLessThanOrEqual(width);
    await expectAccessible(page);
  });
});
