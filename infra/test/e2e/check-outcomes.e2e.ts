import type { LastCheck } from '@cmp/shared';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe';
import { openSignedIn, signInAsAdmin } from '../support/browser';
import { useBrowserPage } from '../support/browser-fixture';
import { CAPTCHA_PAGE, productPage, startChangingShop } from '../support/changing-shop';
import { choose, pageSummary, productRow, tableSettled } from '../support/dashboard-page';
import { signedInStack } from '../support/signed-in-stack';

/**
 * The screens for check outcomes (issue 14), on prices that real runs found on a shop whose pages
 * change between checks: the Competitors page's Last check column, 'Failing' filter, search and
 * 'Check now'; 'Accept price' and 'Reject' in both price dialogs; the competitors without a price;
 * and the Check My Price panel counting blocked and held checks apart.
 */
const shop = await startChangingShop();
const { stack, token } = await signedInStack({
  serveWeb: true,
  env: { SCRAPER_ALLOW_HOSTS: shop.hostPort },
});
const page = useBrowserPage();
afterAll(() => shop.close());

async function addProduct(sku: string, name: string, price: number, competitor: string, path: string) {
  const { body } = await stack.api('POST /api/products', {
    token,
    body: { sku, name, current_price: price },
  });
  const added = await stack.api('POST /api/competitor-urls', {
    token,
    body: { product_id: body.product.id, competitor_name: competitor, url: `${shop.origin}${path}` },
  });
  return { product: body.product, urlId: added.body.competitorUrl.id };
}

async function runAll(): Promise<void> {
  expect((await stack.api('POST /api/scraper/run', { token, body: {} })).status).toBe(202);
  await stack.stepFunctions.idle();
}

/** 'Check now' through the API, to the run's end. */
async function checkNow(urlId: number): Promise<void> {
  const started = await stack.api('POST /api/competitor-urls/{id}/check', {
    token,
    body: {},
    params: { id: urlId },
  });
  expect(started.status).toBe(202);
  await stack.stepFunctions.idle();
}

async function lastCheck(urlId: number): Promise<LastCheck | null> {
  const { body } = await stack.api('GET /api/competitor-urls/{id}', { token, params: { id: urlId } });
  return body.competitorUrl.last_check;
}

/** A URL whose £45 a check accepted, then a £4.50 that only the page's data showed: held for review. */
async function heldJump(sku: string, name: string, path: string) {
  const added = await addProduct(sku, name, 40, 'Jugs Direct', path);
  shop.pages.set(path, { status: 200, html: productPage(name, '45.00') });
  await checkNow(added.urlId);
  shop.pages.set(path, { status: 200, html: productPage(name, '4.50', false) });
  await checkNow(added.urlId);
  const held = await lastCheck(added.urlId);
  if (held?.outcome !== 'review') throw new Error(`expected a held price, got ${JSON.stringify(held)}`);
  return { ...added, held };
}

// One run over four shops: a price, a refusal, a captcha; and a URL added after it, never checked.
const kettle = await addProduct('KETTLE-OK', 'Steel Kettle', 50, 'Argos', '/kettle');
const toaster = await addProduct('TOASTER-403', 'Quiet Toaster', 20, 'Currys', '/refused');
await addProduct('MUG-CAPTCHA', 'Big Mug', 8, 'Boots', '/captcha');
shop.pages.set('/kettle', { status: 200, html: productPage('Steel Kettle', '45.00') });
shop.pages.set('/refused', { status: 403, html: '<h1>Forbidden</h1>' });
shop.pages.set('/captcha', { status: 200, html: CAPTCHA_PAGE });
await runAll();
await addProduct('FAN-NEW', 'Desk Fan', 15, 'Wilko', '/fan');

const toast = (text: string | RegExp) => page.locator('.Toastify').getByText(text);
const urlRow = (product: string) => page.locator('tbody tr').filter({ hasText: product });

async function openCompetitors() {
  await openSignedIn(page, stack.url, '/competitors');
  await page.getByText(/^Showing 1 to \d+ of \d+ competitor URLs$/).waitFor();
}

async function openDashboardPrices(sku: string, withData: string) {
  await signInAsAdmin(page, stack.url);
  await pageSummary(page).waitFor();
  await page.getByRole('searchbox', { name: 'Search products' }).fill(sku);
  await productRow(page, sku).getByRole('button', { name: withData }).click();
  const prices = page.getByRole('dialog', { name: 'Competitor Prices' });
  await prices.waitFor();
  return prices;
}

/** The text a control's aria-describedby points at. */
const descriptionOf = (control: ReturnType<Page['getByRole']>) =>
  control.evaluate(
    (element) => document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent,
  );

const visibleProducts = () => page.locator('tbody tr td:first-child p.font-medium').allTextContents();

describe('the Competitors page', () => {
  it("shows each URL's last check, filters the failing ones and finds one by competitor name", async () => {
    await openCompetitors();
    const blocked = urlRow('Quiet Toaster').getByRole('button', {
      name: 'Blocked: latest check of Currys for Quiet Toaster',
    });
    await blocked.waitFor();
    const description = await descriptionOf(blocked);
    // The message is reachable by keyboard too: focus shows it as a tooltip.
    await blocked.focus();
    const tip = await page.getByRole('tooltip').textContent();
    const okCell = await urlRow('Steel Kettle').locator('td').nth(2).textContent();
    const neverCell = await urlRow('Desk Fan').locator('td').nth(2).textContent();

    await choose(page, 'Filter by last check', 'Failing');
    await page.getByText('Showing 1 to 2 of 2 competitor URLs').waitFor();
    const failing = await visibleProducts();
    await expectAccessible(page);
    await choose(page, 'Filter by last check', 'Not checked yet');
    await page.getByText('Showing 1 to 1 of 1 competitor URLs').waitFor();
    const unchecked = await visibleProducts();
    await choose(page, 'Filter by last check', 'All checks');
    await page.getByRole('searchbox', { name: 'Search competitor URLs' }).fill('currys');
    await page.getByText('Showing 1 to 1 of 1 competitor URLs').waitFor();
    const found = await visibleProducts();
    await page.getByRole('searchbox', { name: 'Search competitor URLs' }).fill('no such shop');
    await page.getByText('No competitor URLs match your filters').waitFor();

    expect(description).toBe('Blocked: the shop refused the request (HTTP 403)');
    expect(tip).toContain('Blocked: the shop refused the request (HTTP 403)');
    expect(okCell).toMatch(/^OK.*[A-Z][a-z]{2} \d{1,2}, \d{4}/);
    expect(neverCell).toBe('Not checked yet');
    expect(failing.sort()).toEqual(['Big Mug', 'Quiet Toaster']);
    expect(unchecked).toEqual(['Desk Fan']);
    expect(found).toEqual(['Quiet Toaster']);
  });

  it('sorts by product, competitor and last check, back at page 1', async () => {
    await openCompetitors();
    const firstFour = async () => (await visibleProducts()).slice(0, 4);

    await page.getByRole('button', { name: /^Product/ }).click();
    await expect.poll(firstFour).toEqual(['Big Mug', 'Desk Fan', 'Quiet Toaster', 'Steel Kettle']);
    await page.getByRole('button', { name: /^Competitor/ }).click();
    // Argos, Boots, Currys, Wilko.
    await expect.poll(firstFour).toEqual(['Steel Kettle', 'Big Mug', 'Quiet Toaster', 'Desk Fan']);
    await page.getByRole('button', { name: /^Last check/ }).click();
    await tableSettled(page);
    const oldestFirst = await visibleProducts();
    await page.getByRole('button', { name: /^Last check/ }).click();
    await tableSettled(page);
    const newestFirst = await visibleProducts();
    const sortState = await page.getByRole('columnheader', { name: /^Last check/ }).getAttribute('aria-sort');

    expect(sortState).toBe('descending');
    // Never checked stays last either way.
    expect(oldestFirst.at(-1)).toBe('Desk Fan');
    expect(newestFirst.at(-1)).toBe('Desk Fan');
    expect(newestFirst).not.toEqual(oldestFirst);
  });

  it("'Check now' checks one URL: busy while it starts, a toast, and the row's last check once the run ends", async () => {
    // The shop lets the scraper in again, slowly enough for the busy state to show.
    shop.pages.set('/refused', { status: 200, html: productPage('Quiet Toaster', '19.00'), delayMs: 1500 });
    await openCompetitors();
    await page.getByRole('searchbox', { name: 'Search competitor URLs' }).fill('toaster');
    await page.getByText('Showing 1 to 1 of 1 competitor URLs').waitFor();

    await urlRow('Quiet Toaster').getByRole('button', { name: 'Check now Currys for Quiet Toaster' }).click();
    const busy = urlRow('Quiet Toaster').getByRole('button', { name: 'Checking Currys for Quiet Toaster' });
    await busy.waitFor();
    const busyDisabled = await busy.isDisabled();
    await toast('Check started').waitFor();
    const ok = urlRow('Quiet Toaster').getByRole('button', {
      name: 'OK: latest check of Currys for Quiet Toaster',
    });
    await ok.waitFor({ timeout: 30_000 });
    const againEnabled = await urlRow('Quiet Toaster')
      .getByRole('button', { name: 'Check now Currys for Quiet Toaster' })
      .isEnabled();

    expect(busyDisabled).toBe(true);
    expect(againEnabled).toBe(true);
    expect(await lastCheck(toaster.urlId)).toEqual(expect.objectContaining({ outcome: 'ok', price: 19 }));
  });

  it("'Check now' while a price check runs shows the server's error and frees the button", async () => {
    shop.pages.set('/kettle', { status: 200, html: productPage('Steel Kettle', '45.00'), delayMs: 3000 });
    await openCompetitors();
    await page.getByRole('searchbox', { name: 'Search competitor URLs' }).fill('kettle');
    await page.getByText('Showing 1 to 1 of 1 competitor URLs').waitFor();
    expect((await stack.api('POST /api/scraper/run', { token, body: {} })).status).toBe(202);

    await urlRow('Steel Kettle').getByRole('button', { name: 'Check now Argos for Steel Kettle' }).click();
    await toast('A price check is already running').waitFor();
    const enabled = await urlRow('Steel Kettle')
      .getByRole('button', { name: 'Check now Argos for Steel Kettle' })
      .isEnabled();
    await stack.stepFunctions.idle();
    shop.pages.set('/kettle', { status: 200, html: productPage('Steel Kettle', '45.00') });

    expect(enabled).toBe(true);
    expect((await lastCheck(kettle.urlId))?.outcome).toBe('ok');
  });
});

describe('a price held for review', () => {
  it("is accepted from the Competitors page's price dialog, which says the compared price is older", async () => {
    const { urlId } = await heldJump('JUG-ACCEPT', 'Jumping Jug', '/accept');
    await openCompetitors();
    await page.getByRole('searchbox', { name: 'Search competitor URLs' }).fill('jumping');

    await urlRow('Jumping Jug')
      .getByRole('button', { name: 'Review: latest check of Jugs Direct for Jumping Jug' })
      .click();
    const prices = page.getByRole('dialog', { name: 'Jugs Direct' });
    const accept = prices.getByRole('button', { name: 'Accept price from Jugs Direct' });
    await accept.waitFor();
    const heldFacts = await prices.locator('dl').textContent();
    const heldText = await prices.textContent();
    await expectAccessible(page, prices);
    await accept.click();
    await toast('Price accepted').waitFor();
    await prices.getByText('Price accepted by Admin').waitFor();
    const acceptedFacts = await prices.locator('dl').textContent();
    const buttonsLeft = await prices.getByRole('button', { name: /^(Accept price|Reject) from / }).count();
    await page.keyboard.press('Escape');
    await urlRow('Jumping Jug')
      .getByRole('button', { name: 'OK: latest check of Jugs Direct for Jumping Jug' })
      .waitFor();

    expect(heldFacts).toContain('£45.00');
    expect(heldFacts).toContain('We are £5.00 cheaper');
    expect(heldFacts).toContain(
      'Held for review: 4.50 GBP is under 1/2 of the last accepted 45.00 GBP, and only one source shows it',
    );
    expect(heldText).toMatch(/Compared price from .+; latest check .+: Held for review: 4\.50 GBP/);
    expect(acceptedFacts).toContain('£4.50');
    expect(acceptedFacts).toContain('Competitor is £35.50 cheaper');
    expect(buttonsLeft).toBe(0);
    expect((await lastCheck(urlId))?.outcome).toBe('ok');
  });

  it("is rejected from the dashboard's Competitor Prices dialog, which keeps comparing the accepted price", async () => {
    await heldJump('JUG-REJECT', 'Rejected Jug', '/reject');

    const prices = await openDashboardPrices('JUG-REJECT', '1 of 1 with data');
    const reject = prices.getByRole('button', { name: 'Reject from Jugs Direct' });
    await reject.waitFor();
    const heldCard = await prices.getByRole('listitem').textContent();
    await expectAccessible(page, prices);
    await reject.click();
    await toast('Price rejected').waitFor();
    await prices
      .getByText('Price rejected by Admin; the comparison keeps the last accepted price', { exact: true })
      .waitFor();
    const rejectedCard = await prices.getByRole('listitem').textContent();
    const buttonsLeft = await prices.getByRole('button', { name: /^(Accept price|Reject) from / }).count();

    expect(heldCard).toContain('Review');
    expect(heldCard).toMatch(/Compared price from .+; latest check .+: Held for review: 4\.50 GBP/);
    expect(rejectedCard).toContain('£45.00');
    expect(rejectedCard).toContain('Higher by £5.00');
    expect(buttonsLeft).toBe(0);
  });

  it("shows the server's message when the price no longer waits, and the dialog catches up", async () => {
    const { urlId, held } = await heldJump('JUG-STALE', 'Stale Jug', '/stale');
    const prices = await openDashboardPrices('JUG-STALE', '1 of 1 with data');
    const reject = prices.getByRole('button', { name: 'Reject from Jugs Direct' });
    await reject.waitFor();

    // Someone else accepts it meanwhile.
    const elsewhere = await stack.api('POST /api/competitor-urls/{id}/accept-price', {
      token,
      body: { checked_at: held.checked_at },
      params: { id: urlId },
    });
    await reject.click();
    await toast('This price is no longer waiting for review').waitFor();
    await prices.getByText('Price accepted by Admin').waitFor();

    expect(elsewhere.status).toBe(200);
    expect(await prices.getByRole('listitem').textContent()).toContain('£4.50');
  });
});

describe("the dashboard's Competitor Prices dialog", () => {
  it('lists the competitors without a price with their latest check, and tells staff what to do about a blocked shop', async () => {
    const prices = await openDashboardPrices('MUG-CAPTCHA', '0 of 1 with data');
    const section = prices.getByRole('region', { name: 'Competitors without a price' });
    await section.waitFor();
    const text = await section.textContent();
    await expectAccessible(page, prices);

    expect(await prices.getByText('No competitor data available').isVisible()).toBe(true);
    expect(text).toContain('Boots');
    expect(text).toContain('Blocked');
    expect(text).toContain('Blocked: the shop showed a captcha instead of the product page');
    expect(text).toContain(
      'The shop refuses automated checks: ask it to allow CheckMyPriceBot, use its product feed, or remove this URL.',
    );
  });

  it('keeps the last accepted price of a shop that now refuses us, and says how old it is', async () => {
    const { urlId } = await addProduct('FLIP-KETTLE', 'Flip Kettle', 20, 'Flipside', '/flip');
    shop.pages.set('/flip', { status: 200, html: productPage('Flip Kettle', '18.00') });
    await checkNow(urlId);
    shop.pages.set('/flip', { status: 403, html: '<h1>Forbidden</h1>' });
    await checkNow(urlId);

    const prices = await openDashboardPrices('FLIP-KETTLE', '1 of 1 with data');
    const card = prices.getByRole('listitem');
    await card.getByText(/^Compared price from /).waitFor();
    const text = await card.textContent();

    expect(text).toContain('£18.00');
    expect(text).toContain('Lower by £2.00');
    expect(text).toMatch(/Compared price from .+; latest check .+: Blocked: /);
    expect(text).toContain('The shop refuses automated checks');
  });
});

describe('the Check My Price panel', () => {
  it('counts blocked and held-for-review checks apart from the other failures', async () => {
    const { body } = await stack.api('GET /api/scraper/stats', { token });
    const counts = body.stats.outcome_counts_last_30_days;
    await signInAsAdmin(page, stack.url);
    await page.getByRole('tab', { name: 'Check My Price' }).click();
    await page.getByText('Failed checks by cause').waitFor();
    const figure = (term: string) =>
      page.locator('dl div').filter({ has: page.getByRole('term').getByText(term, { exact: true }) });
    const sessions = await page.locator('tbody tr').allTextContents();
    await expectAccessible(page);

    expect(counts.blocked).toBeGreaterThanOrEqual(2);
    expect(counts.review).toBeGreaterThanOrEqual(3);
    expect(await figure('Blocked').textContent()).toBe(`Blocked${counts.blocked}`);
    expect(await figure('Held for review').textContent()).toBe(`Held for review${counts.review}`);
    // The latest run: the shop that refuses us now.
    expect(sessions[0]).toContain('0 / 1 (1 failed)1 blocked');
    expect(sessions.some((row) => row.includes('0 / 1 (1 failed)1 held for review'))).toBe(true);
  });
});
