import { afterAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe';
import { openSignedIn, signInAsAdmin } from '../support/browser';
import { useBrowserPage } from '../support/browser-fixture';
import { heldPage, productPage, startChangingShop } from '../support/changing-shop';
import { asSessionResults, pollStatusUntil, productRow, runFigures } from '../support/dashboard-page';
import { signedInStack } from '../support/signed-in-stack';
import { TEST_HOST_SETTINGS } from '../support/test-stack';

/**
 * Runs you can follow (issue 16): a start with nothing to check says so; the open tab is in the URL;
 * a real local run shows its total at once, then progress as URLs finish (the status is polled every
 * 10 s; the tests bring the polls forward on the page's clock, and hold the shop's pages until they
 * have looked), and the sessions table refreshes at its end without a tab switch; a product's AI
 * analysis run from the Price Overview refreshes the overview when it ends.
 */
const PAGES = ['/a', '/b', '/c', '/d'];

const shop = await startChangingShop();
const { stack, token } = await signedInStack({
  serveWeb: true,
  // A page held until the test has looked (heldPage) may wait longer than the scraper's 10 s.
  hostOnly: { ...TEST_HOST_SETTINGS, fetchHeadersTimeoutMsForTests: 60_000 },
  env: {
    SCRAPER_ALLOW_HOSTS: shop.hostPort,
    SCRAPE_MAX_CONCURRENCY: '1',
    SCRAPE_SCHEDULE: 'cron(0 6 * * ? *)',
    SCHEDULE_ENABLED: 'true',
  },
});
const page = useBrowserPage();
afterAll(() => shop.close());

const toast = (text: string | RegExp) => page.locator('.Toastify').getByText(text);
const panelHeading = () => page.getByRole('heading', { name: 'Price Check Control Panel' });

describe('the dashboard tab', () => {
  it('is in the URL: a reload keeps the Check My Price tab, and ?search= still starts the overview', async () => {
    await signInAsAdmin(page, stack.url);
    await page.getByRole('tab', { name: 'Check My Price' }).click();
    await panelHeading().waitFor();
    const afterClick = new URL(page.url());
    await page.reload();
    await panelHeading().waitFor();
    const reloadedTab = await page.getByRole('tab', { name: 'Check My Price' }).getAttribute('aria-selected');

    await page.goto(`${stack.url}/dashboard?search=FOLLOW&tab=check`);
    await panelHeading().waitFor();
    await page.getByRole('tab', { name: 'Price Overview' }).click();
    const search = page.getByPlaceholder(/Search/);
    await search.waitFor();

    expect(afterClick.pathname).toBe('/dashboard');
    expect(afterClick.searchParams.get('tab')).toBe('check');
    expect(reloadedTab).toBe('true');
    expect(await search.inputValue()).toBe('FOLLOW');
    expect(new URL(page.url()).searchParams.get('tab')).toBeNull();
    expect(new URL(page.url()).searchParams.get('search')).toBe('FOLLOW');
  });
});

describe('the Check My Price panel', () => {
  it('says when there is nothing to check, and logs no session', async () => {
    await openSignedIn(page, stack.url, '/dashboard?tab=check');
    await page.getByText('No scraping sessions found').waitFor();

    await page.getByRole('button', { name: 'Check My Price Now' }).click();
    await toast('There are no competitor URLs to check').waitFor();

    expect(await page.getByText('Scraping is currently in progress...').count()).toBe(0);
    expect(await page.getByText('No scraping sessions found').isVisible()).toBe(true);
    expect(await page.getByText(/^Next scheduled run: /).isVisible()).toBe(true);
  });

  it('follows a real run: the total from the start, progress as URLs finish, the session at the end', async () => {
    const { body } = await stack.api('POST /api/products', {
      token,
      body: { sku: 'FOLLOW-1', name: 'Followed kettle', current_price: 30 },
    });
    // One page at a time (concurrency 1, one host): the first held until the start has been seen,
    // the third until the run has been seen part way (two checked).
    const [first, third] = [heldPage(), heldPage()];
    for (const [n, path] of PAGES.entries()) {
      shop.pages.set(path, {
        status: 200,
        html: productPage('Followed kettle', `${20 + n}.50`),
        heldUntil: n === 0 ? first.heldUntil : n === 2 ? third.heldUntil : undefined,
      });
      await stack.api('POST /api/competitor-urls', {
        token,
        body: { product_id: body.product.id, competitor_name: `Shop ${n}`, url: `${shop.origin}${path}` },
      });
    }
    await page.clock.install();
    await openSignedIn(page, stack.url, '/dashboard?tab=check');
    await page.getByText('No scraping sessions found').waitFor();

    await page.getByRole('button', { name: 'Check My Price Now' }).click();
    await page.getByText('Scraping is currently in progress...').waitFor();
    const checked = page.getByText(/^\d+ of \d+ URLs checked/);
    const atStart = await checked.textContent();
    first.release();
    const partWay = page.getByText(/^2 of 4 URLs checked/);
    await pollStatusUntil(page, () => partWay.isVisible());
    const partWayText = await partWay.textContent();
    // The sessions table's running row reads the same status as the progress line: the same figures.
    const figures = await runFigures(page);
    const found = await page.getByRole('list', { name: 'Checked so far by outcome' }).textContent();
    await expectAccessible(page, page.getByRole('tabpanel'));
    third.release();
    const session = page.locator('tbody tr').filter({ hasText: 'Completed' });
    await pollStatusUntil(page, () => session.isVisible());

    expect(atStart).toMatch(/^0 of 4 URLs checked/);
    expect(partWayText).toMatch(/\(2 successful, 0 failed\)/);
    expect(figures.session).toContain('Running...');
    expect(figures.session).toContain(asSessionResults(figures.progress));
    expect(found).toMatch(/Price found: 2/);
    expect(await session.textContent()).toContain('4 / 4 (0 failed)');
    expect(await page.getByText('Scraping is currently in progress...').count()).toBe(0);
  });

  it("refreshes the Price Overview when a product's AI analysis run ends, without a tab switch", async () => {
    await stack.stepFunctions.idle();
    const { body } = await stack.api('POST /api/products', {
      token,
      body: { sku: 'FOLLOW-2', name: 'Followed toaster', current_price: 30 },
    });
    for (const [n, path] of ['/t1', '/t2'].entries()) {
      shop.pages.set(path, {
        status: 200,
        html: productPage('Followed toaster', `${15 + n}.25`),
        delayMs: 200,
      });
      await stack.api('POST /api/competitor-urls', {
        token,
        body: {
          product_id: body.product.id,
          competitor_name: `Toaster shop ${n}`,
          url: `${shop.origin}${path}`,
        },
      });
    }
    await page.clock.install();
    await signInAsAdmin(page, stack.url);
    const row = productRow(page, 'FOLLOW-2');
    await row.waitFor();
    const before = await row.textContent();

    await row.getByRole('button', { name: 'Run AI analysis for Followed toaster' }).click();
    await toast('AI analysis started for "Followed toaster"').waitFor();
    // The status is polled every 10 s while the run is on: the run's end is seen at a poll.
    await pollStatusUntil(page, () => row.getByText('£15.25').isVisible());

    expect(before).not.toContain('£15.25');
    expect(new URL(page.url()).searchParams.get('tab')).toBeNull();
  }, 60_000);
});
