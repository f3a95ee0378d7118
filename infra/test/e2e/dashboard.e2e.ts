import type { Category, Product } from '@cmp/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, signInAsAdmin } from '../support/browser';
import {
  choose as chooseOption,
  openRowMenu,
  productRow,
  visibleSkus as skusOnScreen,
} from '../support/dashboard-page';
import { startFixtureShop } from '../support/fixture-shop';
import { startTestStack, type TestStack } from '../support/test-stack';

/**
 * The dashboard journey on a known catalogue of 45 products: statuses, filters, sorting, paging,
 * the dialogs, a real price check against a fixture shop, hiding and deleting. Every competitor
 * page is on the fixture shop (`/p/<n>` costs n.99 GBP), so a full run rewrites the same prices.
 */
let shop: Awaited<ReturnType<typeof startFixtureShop>>;
let stack: TestStack;
let browser: Browser;
let page: Page;
let token: string;

const SEED_RUN = '20261121T090000000Z-seed';
const SEEN_AT = '2026-11-21T09:00:00.000Z';

interface Seen {
  path: string;
  price: number | null;
  currency?: string;
}

async function seedProduct(
  sku: string,
  name: string,
  price: number,
  cost: number,
  seen: Seen[] = [],
  categoryId: number | null = null,
): Promise<Product> {
  const { recordLatestObservation } = await import('@cmp/functions/data/competitor-url.repository');
  const { putPriceRecord } = await import('@cmp/functions/data/price-record.repository');
  const { status, body } = await stack.api<{ product: Product }>('POST', '/api/products', {
    token,
    body: { sku, name, current_price: price, cost, category_id: categoryId },
  });
  if (status !== 201) throw new Error(`seeding ${sku} failed with ${status}`);
  for (const entry of seen) {
    const url = `${shop.origin}${entry.path}`;
    const added = await stack.api<{ competitorUrl: { id: number } }>('POST', '/api/competitor-urls', {
      token,
      body: { product_id: body.product.id, competitor_name: `Shop ${entry.path}`, url },
    });
    const observation = {
      run_id: SEED_RUN,
      price: entry.price,
      currency: entry.price === null ? null : (entry.currency ?? 'GBP'),
      in_stock: entry.price === null ? null : true,
      confidence: entry.price === null ? null : 0.95,
      scraped_at: SEEN_AT,
      error_message: entry.price === null ? 'HTTP 404' : null,
    };
    await recordLatestObservation(added.body.competitorUrl.id, observation);
    await putPriceRecord({
      ...observation,
      competitor_url_id: added.body.competitorUrl.id,
      product_id: body.product.id,
      competitor_name: `Shop ${entry.path}`,
      competitor_url: url,
      llm_response: `## Price found\n\nThe offer in the page's **JSON-LD** says ${entry.price}.`,
      evidence: [
        {
          source: 'json-ld',
          where: 'script[type="application/ld+json"]',
          snippet: `"price": "${entry.price}"`,
        },
      ],
      tier: 'structured',
    });
  }
  return body.product;
}

beforeAll(async () => {
  // Slow pages checked one at a time keep a full run going past the first 10 s status poll.
  shop = await startFixtureShop({ delayMs: 1500 });
  [stack, browser] = await Promise.all([
    startTestStack({
      serveWeb: true,
      env: { SCRAPER_ALLOW_HOSTS: shop.hostPort, SCRAPE_MAX_CONCURRENCY: '1' },
    }),
    launchBrowser(),
  ]);
  token = await stack.login();
  const kitchen = await stack.api<{ category: Category }>('POST', '/api/categories', {
    token,
    body: { name: 'Kitchen', description: null },
  });
  await seedProduct(
    'ALPHA-HIGH',
    'Alpha Kettle',
    50,
    40,
    [
      { path: '/p/44', price: 44.99 },
      { path: '/p/47', price: 47.99 },
    ],
    kitchen.body.category.id,
  );
  await seedProduct('BRAVO-LOW', 'Bravo Toaster', 19, 10, [{ path: '/p/19', price: 19.99 }]);
  await seedProduct('CHARLIE-SAME', 'Charlie Mug', 29.99, 0, [
    { path: '/p/29', price: 29.99 },
    { path: '/missing/1', price: null },
  ]);
  await seedProduct('DELTA-NONE', 'Delta Jug', 12, 6, [{ path: '/missing/2', price: null }]);
  await seedProduct('ECHO-EURO', 'Echo Blender', 40, 30, [
    { path: '/broken/3', price: 20, currency: 'EUR' },
    { path: '/p/41', price: 41.99 },
  ]);
  await seedProduct('FOXTROT-RUN', 'Foxtrot Fan', 9, 5, [{ path: '/p/8', price: 8.99 }]);
  for (let n = 1; n <= 39; n++) {
    await seedProduct(`FILL-${String(n).padStart(2, '0')}`, `Filler item ${n}`, 5 + n, 2);
  }
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await shop?.close();
});
beforeEach(async () => {
  page = await (await browser.newContext()).newPage();
});
afterEach(() => page.context().close());

async function openDashboard() {
  await signInAsAdmin(page, stack.url);
  await summary().waitFor();
}

const toast = (text: string | RegExp) => page.locator('.Toastify').getByText(text);
const dialog = () => page.getByRole('dialog');
const summary = () => page.getByText(/^Showing \d+ to \d+ of \d+ products$/);
const row = (sku: string) => productRow(page, sku);
const visibleSkus = () => skusOnScreen(page);

const choose = (selectName: string, option: string) => chooseOption(page, selectName, option);

const openMenu = (sku: string, item: string) => openRowMenu(page, sku, item);

describe('the price overview', () => {
  it('shows the four stat cards and each product’s prices, margin, best competitor and status', async () => {
    await openDashboard();
    const cards = page.getByRole('region', { name: 'Overview' });

    const cardsText = await cards.textContent();
    const alpha = await row('ALPHA-HIGH').textContent();
    const bestLink = row('ALPHA-HIGH').getByRole('link', { name: '127.0.0.1' });

    expect(cardsText).toContain('Total Products45');
    expect(cardsText).toContain('Competitor URLs9');
    expect(cardsText).toContain('Last ScrapingNever');
    expect(cardsText).toMatch(/Success Rate\d+\.\d%\d+ recent attempts/);
    expect(alpha).toContain('£50.00');
    expect(alpha).toContain('£40.00');
    expect(alpha).toContain('£10.00');
    expect(alpha).toContain('25.0%');
    expect(alpha).toContain('£44.99');
    expect(alpha).toContain('Higher Price');
    expect(alpha).toContain('+£5.01');
    expect(alpha).toContain('+11.1%');
    expect(alpha).toContain('2 of 2 with data');
    expect(await bestLink.getAttribute('href')).toBe(`${shop.origin}/p/44`);
    expect(await row('BRAVO-LOW').textContent()).toContain('Lower Price');
    expect(await row('BRAVO-LOW').textContent()).toContain('-£0.99');
    expect(await row('CHARLIE-SAME').textContent()).toContain('Same Price');
    expect(await row('CHARLIE-SAME').textContent()).toContain('0.0%');
    expect(await row('DELTA-NONE').textContent()).toContain('No Data');
    expect(await row('DELTA-NONE').textContent()).toContain('0 of 1 with data');
  });

  it('opens the best competitor in a 1200x800 popup', async () => {
    await openDashboard();
    await page.evaluate(() => {
      const calls: unknown[][] = [];
      (window as unknown as { __opened: unknown[][] }).__opened = calls;
      window.open = (...args: unknown[]) => {
        calls.push(args);
        return null;
      };
    });

    await row('ALPHA-HIGH').getByRole('link', { name: '127.0.0.1' }).click();
    await openMenu('BRAVO-LOW', 'Search on Google');
    const opened = await page.evaluate(() => (window as unknown as { __opened: unknown[][] }).__opened);

    expect(opened).toEqual([
      [`${shop.origin}/p/44`, '_blank', 'width=1200,height=800,left=100,top=100'],
      [
        'https://www.google.com/search?q=BRAVO-LOW%20Bravo%20Toaster',
        '_blank',
        'width=1200,height=800,left=100,top=100',
      ],
    ]);
  });

  it('pages through 45 products, 20 at a time', async () => {
    await openDashboard();
    const first = await summary().textContent();
    const firstRows = await visibleSkus();

    await page.getByRole('button', { name: 'Page 3' }).click();
    const last = await summary().textContent();
    const lastRows = await visibleSkus();
    await page.getByRole('button', { name: 'Previous' }).click();

    expect(first).toBe('Showing 1 to 20 of 45 products');
    expect(firstRows).toHaveLength(20);
    expect(last).toBe('Showing 41 to 45 of 45 products');
    expect(lastRows).toHaveLength(5);
    expect(await summary().textContent()).toBe('Showing 21 to 40 of 45 products');
  });

  it('filters by status, category and words, returning to page 1 on every change', async () => {
    await openDashboard();
    await page.getByRole('button', { name: 'Page 2' }).click();
    const shows = (text: string) => expect.poll(() => summary().textContent()).toBe(text);

    await choose('Filter by status', 'Higher Price');
    await shows('Showing 1 to 2 of 2 products');
    const higher = await visibleSkus();
    await choose('Filter by status', 'No Data');
    await shows('Showing 1 to 20 of 40 products');
    await choose('Filter by status', 'All Status');
    await choose('Filter by category', 'Kitchen');
    await shows('Showing 1 to 1 of 1 products');
    const kitchen = await visibleSkus();
    await choose('Filter by category', 'Uncategorized');
    await shows('Showing 1 to 20 of 44 products');
    await choose('Filter by category', 'All Categories');
    await page.getByRole('searchbox', { name: 'Search products' }).fill('toaster BRAVO');
    await expect.poll(visibleSkus).toEqual(['BRAVO-LOW']);
    await page.getByRole('searchbox', { name: 'Search products' }).fill('toaster kettle');
    await page.getByText('No products match your filters').waitFor();

    expect(higher).toEqual(['ALPHA-HIGH', 'FOXTROT-RUN']);
    expect(kitchen).toEqual(['ALPHA-HIGH']);
  });

  it('sorts by difference and by status both ways, products without data last', async () => {
    await openDashboard();
    const differenceHeader = page.getByRole('columnheader', { name: /Difference/ });

    await differenceHeader.getByRole('button').click();
    const ascending = (await visibleSkus()).slice(0, 5);
    const ascendingSort = await differenceHeader.getAttribute('aria-sort');
    await differenceHeader.getByRole('button').click();
    const descending = (await visibleSkus()).slice(0, 5);
    await page
      .getByRole('columnheader', { name: /Status/ })
      .getByRole('button')
      .click();
    const byStatus = (await visibleSkus()).slice(0, 5);
    await page.getByRole('button', { name: 'Page 3' }).click();
    const lastPage = await visibleSkus();

    expect(ascending).toEqual(['ECHO-EURO', 'BRAVO-LOW', 'CHARLIE-SAME', 'FOXTROT-RUN', 'ALPHA-HIGH']);
    expect(ascendingSort).toBe('ascending');
    expect(await differenceHeader.getAttribute('aria-sort')).toBe('none');
    expect(descending).toEqual(['ALPHA-HIGH', 'FOXTROT-RUN', 'CHARLIE-SAME', 'BRAVO-LOW', 'ECHO-EURO']);
    expect(byStatus).toEqual(['BRAVO-LOW', 'ECHO-EURO', 'CHARLIE-SAME', 'ALPHA-HIGH', 'FOXTROT-RUN']);
    expect(lastPage).not.toContain('ALPHA-HIGH');
  });
});

describe('the dialogs', () => {
  it('lists competitor prices dearest first, compared with ours, with a price history chart', async () => {
    await openDashboard();

    await row('ECHO-EURO').getByRole('button', { name: '2 of 2 with data' }).click();
    await dialog().getByRole('heading', { name: 'Competitor Prices' }).waitFor();
    await dialog()
      .getByRole('img', { name: /^Price history of/ })
      .first()
      .waitFor();
    const items = await dialog().getByRole('listitem').allTextContents();
    await page.keyboard.press('Escape');
    await row('CHARLIE-SAME').getByRole('button', { name: '1 of 2 with data' }).click();
    await dialog().getByText('Prices are equal').waitFor();
    const charlie = await dialog().getByRole('listitem').allTextContents();
    await page.keyboard.press('Escape');
    await row('DELTA-NONE').getByRole('button', { name: '0 of 1 with data' }).click();
    await dialog().getByText('No competitor data available').waitFor();

    expect(items).toHaveLength(2);
    expect(items[0]).toContain('£41.99');
    expect(items[0]).toContain('Higher by £1.99');
    expect(items[0]).toContain('In Stock');
    expect(items[1]).toContain('€20.00');
    expect(items[1]).toContain('Not compared: price in EUR');
    expect(charlie).toHaveLength(1);
  });

  it('shows the latest AI analysis with its summary, answer and evidence', async () => {
    await openDashboard();

    await openMenu('ALPHA-HIGH', 'View AI Analysis');
    await dialog().getByRole('heading', { name: 'AI Price Analysis' }).waitFor();
    await dialog().getByRole('heading', { name: 'Price found' }).waitFor();
    const text = await dialog().textContent();
    await page.keyboard.press('Escape');
    await row('FILL-01')
      .getByRole('button', { name: /^More actions for / })
      .click();
    const fillerMenu = await page.getByRole('menu').textContent();

    expect(text).toMatch(/£4[47]\.99/);
    expect(text).toContain('In Stock');
    expect(text).toContain('95.0%');
    expect(text).toContain('json-ld');
    expect(text).toMatch(/"price": "4[47]\.99"/);
    expect(text).toContain('Usage tips');
    expect(fillerMenu).not.toContain('View AI Analysis');
  });

  it('edits a product after checking its fields, and adds and deletes its competitors', async () => {
    await openDashboard();

    await openMenu('BRAVO-LOW', 'Edit Product');
    await dialog().getByRole('heading', { name: 'Edit Product & Manage Competitors' }).waitFor();
    await dialog().getByText('Shop /p/19').waitFor();
    const add = dialog().getByRole('button', { name: 'Add', exact: true });
    const disabledEmpty = await add.isDisabled();
    await dialog().getByLabel('Competitor name', { exact: true }).fill('Shop Z');
    const disabledHalf = await add.isDisabled();
    await dialog().getByLabel('Competitor URL', { exact: true }).fill('not a url');
    await add.click();
    const badUrl = await dialog().getByRole('alert').textContent();
    await dialog().getByLabel('Competitor URL', { exact: true }).fill(`${shop.origin}/p/18`);
    await add.click();
    await toast('Competitor added successfully').waitFor();
    await dialog().getByText('Shop Z').waitFor();
    const clearedName = await dialog().getByLabel('Competitor name', { exact: true }).inputValue();
    await dialog().getByRole('button', { name: 'Delete competitor Shop /p/19' }).click();
    await toast('Competitor deleted successfully').waitFor();
    await dialog().getByText('Shop /p/19').waitFor({ state: 'detached' });

    await dialog().getByLabel('Cost').fill('');
    await dialog().getByRole('button', { name: 'Save Changes' }).click();
    const required = await dialog().getByRole('alert').textContent();
    await dialog().getByLabel('Cost').fill('11');
    await dialog().getByLabel('Name', { exact: true }).fill('Bravo Toaster Deluxe');
    await dialog().getByRole('button', { name: 'Save Changes' }).click();
    await toast('Product updated successfully').waitFor();
    await dialog().waitFor({ state: 'detached' });
    await expect.poll(() => row('BRAVO-LOW').textContent()).toContain('Bravo Toaster Deluxe');

    expect(disabledEmpty).toBe(true);
    expect(disabledHalf).toBe(true);
    expect(badUrl).toBe('Please enter a valid URL');
    expect(clearedName).toBe('');
    expect(required).toBe('All fields are required');
    // Shop Z was added and never checked; the deleted /p/19 took the only price with it.
    expect(await row('BRAVO-LOW').textContent()).toContain('0 of 1 with data');
    expect(await row('BRAVO-LOW').textContent()).toContain('No Data');
    const { body } = await stack.api<{ products: Product[] }>('GET', '/api/products', { token });
    expect(body.products.find((product) => product.sku === 'BRAVO-LOW')).toEqual(
      expect.objectContaining({ name: 'Bravo Toaster Deluxe', cost: 11 }),
    );
  });
});

describe('the Check My Price panel', () => {
  it('runs a price check with live progress and lists the completed session', async () => {
    await openDashboard();
    await page.getByRole('tab', { name: 'Check My Price' }).click();
    await page.getByRole('heading', { name: 'Price Check Control Panel' }).waitFor();
    await page.getByText('No scraping sessions found').waitFor();
    const before = await page.getByRole('tabpanel').textContent();

    await page.getByRole('button', { name: 'Check My Price Now' }).click();
    await toast('Scraping started successfully').waitFor();
    await page.getByText('Scraping is currently in progress...').waitFor();
    const busyDisabled = await page.getByRole('button', { name: /Scraping\.\.\./ }).isDisabled();
    const stopShown = await page.getByRole('button', { name: 'Stop Scraper' }).isVisible();
    // The status is polled every 10 s while running: the next poll shows the run part way.
    const progress = page.getByRole('progressbar', { name: 'Price check progress' });
    await expect
      .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 15_000 })
      .toBeGreaterThan(0);
    const partWay = await page.getByText(/^\d+ of \d+ URLs checked/).textContent();
    const session = page.locator('tbody tr').filter({ hasText: 'Completed' });
    await session.waitFor({ timeout: 30_000 });
    const sessionText = await session.textContent();

    expect(before).toContain('Check My Price and Monitor System Status');
    expect(before).toContain('Never');
    expect(busyDisabled).toBe(true);
    expect(stopShown).toBe(true);
    // 9 seeded URLs, plus Shop Z and minus /p/19 from the edit dialog.
    expect(partWay).toMatch(/^[1-9]\d* of 9 URLs checked/);
    expect(sessionText).toContain('Manual');
    expect(sessionText).toMatch(/\d+s/);
    expect(sessionText).toMatch(/\d+\.\d%$/);
    expect(await page.getByRole('button', { name: 'Check My Price Now' }).isEnabled()).toBe(true);
    expect(await page.getByText('Scraping is currently in progress...').count()).toBe(0);
    expect(
      await page.getByRole('heading', { name: 'Check My Price Statistics (Last 30 Days)' }).isVisible(),
    ).toBe(true);
  }, 60_000);

  it('while a price check runs, refuses an analysis and unmarks it at once; stops the check via "Stopping..."', async () => {
    await stack.stepFunctions.idle();
    await openDashboard();
    await page.getByRole('tab', { name: 'Check My Price' }).click();

    await page.getByRole('button', { name: 'Check My Price Now' }).click();
    await page.getByText('Scraping is currently in progress...').waitFor();
    // An analysis is a run too: while the price check holds the lock, its start fails.
    await page.getByRole('tab', { name: 'Price Overview' }).click();
    await row('FOXTROT-RUN').getByRole('button', { name: 'Run AI analysis for Foxtrot Fan' }).click();
    await toast('A price check is already running').waitFor();
    const marksAfterFailure = await row('FOXTROT-RUN').getByText('Analysis running').count();
    const runButtonBack = await row('FOXTROT-RUN')
      .getByRole('button', { name: 'Run AI analysis for Foxtrot Fan' })
      .isEnabled();
    await page.getByRole('tab', { name: 'Check My Price' }).click();
    // Holds the stop request a moment in the browser, so its pending state can be seen.
    await page.route('**/api/scraper/stop', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Stop Scraper' }).click();
    const stopping = page.getByRole('button', { name: 'Stopping...' });
    await stopping.waitFor();
    const stoppingDisabled = await stopping.isDisabled();
    await toast('Scraping stopped successfully').waitFor();
    const stopped = page.locator('tbody tr').filter({ hasText: 'Stopped' });
    await stopped.waitFor();

    expect(marksAfterFailure).toBe(0);
    expect(runButtonBack).toBe(true);
    expect(stoppingDisabled).toBe(true);
    expect(await stopped.textContent()).toContain('Manual');
    expect(await page.getByRole('button', { name: 'Stop Scraper' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Check My Price Now' }).isEnabled()).toBe(true);
  });

  it('starts one product’s AI analysis from its row, once for a double click, marked running for 3 s', async () => {
    await stack.stepFunctions.idle();
    await openDashboard();

    // Two clicks before the page re-renders (the button is disabled after that): one start only.
    await row('FOXTROT-RUN')
      .getByRole('button', { name: 'Run AI analysis for Foxtrot Fan' })
      .evaluate((button: HTMLElement) => {
        button.click();
        button.click();
      });
    await toast('Analysis is already running for this product').waitFor();
    await toast('AI analysis started for "Foxtrot Fan"').waitFor();
    const started = Date.now();
    const running = row('FOXTROT-RUN').getByRole('button', { name: 'AI analysis running for Foxtrot Fan' });
    const disabled = await running.isDisabled();
    await page.waitForTimeout(Math.max(0, 1000 - (Date.now() - started)));
    const markAtOneSecond = await row('FOXTROT-RUN').getByText('Analysis running').count();
    // The mark clears 3 s after the start.
    await row('FOXTROT-RUN')
      .getByRole('button', { name: 'Run AI analysis for Foxtrot Fan' })
      .waitFor({ timeout: Math.max(1, 4500 - (Date.now() - started)) });
    await stack.stepFunctions.idle();
    const { body } = await stack.api<{ logs: { product_id: number | null }[] }>('GET', '/api/scraper/logs', {
      token,
    });

    expect(disabled).toBe(true);
    expect(markAtOneSecond).toBe(1);
    // The double click started one analysis run: the logs show one product run, after the two price checks.
    expect(body.logs.filter((log) => log.product_id !== null)).toHaveLength(1);
  });
});

describe('hiding and deleting', () => {
  it('hides a product from the dashboard with the server’s message', async () => {
    await openDashboard();
    await page.getByRole('searchbox', { name: 'Search products' }).fill('FILL-39');
    await expect.poll(visibleSkus).toEqual(['FILL-39']);

    await openMenu('FILL-39', 'Hide from Dashboard');
    await toast('Product hidden from dashboard').waitFor();
    await page.getByText('No products match your filters').waitFor();

    const { body } = await stack.api<{ products: Product[] }>('GET', '/api/products', { token });
    expect(body.products.find((product) => product.sku === 'FILL-39')?.hidden).toBe(true);
  });

  it('deletes a product after a confirmation naming it', async () => {
    await openDashboard();
    await page.getByRole('searchbox', { name: 'Search products' }).fill('FILL-38');
    await expect.poll(visibleSkus).toEqual(['FILL-38']);

    await openMenu('FILL-38', 'Delete Product');
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('heading', { name: 'Delete Product' }).waitFor();
    const warning = await confirm.textContent();
    await confirm.getByRole('button', { name: 'Delete Product' }).click();
    await toast('Product deleted successfully').waitFor();
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('No products match your filters').waitFor();

    expect(warning).toContain('Filler item 38');
    expect(warning).toContain('FILL-38');
    expect(warning).toContain('permanent');
    expect(warning).toContain('competitor URLs and their price history');
    const { body } = await stack.api<{ products: Product[] }>('GET', '/api/products', { token });
    expect(body.products.some((product) => product.sku === 'FILL-38')).toBe(false);
  });
});
