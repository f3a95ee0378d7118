import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe';
import { signInAsAdmin, tabTo } from '../support/browser';
import { useBrowserPage } from '../support/browser-fixture';
import { startTestStack, type TestStack } from '../support/test-stack';

/**
 * Answers the screens did not expect: a field missing or of another type, as from an older or newer API
 * during a deploy, or a record kept before the field existed. The browser answers a screen's calls
 * with such bodies. Each screen then either still shows, with the odd figure as 'N/A' or '—', or says
 * it could not be shown and offers Try again, which works once the answers are normal again; the header
 * and navigation stay, and react-router's developer page never shows.
 */
let stack: TestStack;

const page = useBrowserPage();
beforeAll(async () => {
  stack = await startTestStack({ serveWeb: true });
});
afterAll(() => stack?.stop());

/** Answers GET `path` (any query) with `body` until the returned function is called. */
async function answerOddly(path: string, body: unknown): Promise<() => Promise<void>> {
  const matcher = (url: URL) => url.pathname === path;
  await page.route(matcher, (route) => route.fulfill({ json: body }));
  return () => page.unroute(matcher);
}

const couldNotShow = (what: 'This page' | 'This tab') =>
  page.getByRole('alert').filter({ has: page.getByRole('heading', { name: `${what} could not be shown` }) });
const mainNav = () => page.getByRole('navigation', { name: 'Main' });
const fact = (term: string) =>
  page.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd');

/** The header and navigation are there, and react-router's own error page is not. */
async function expectStanding(): Promise<void> {
  expect(await page.getByRole('link', { name: 'Check My Price' }).isVisible()).toBe(true);
  expect(await mainNav().getByRole('link', { name: 'Dashboard' }).isVisible()).toBe(true);
  expect(await page.getByText('Unexpected Application Error').count()).toBe(0);
}

describe('a page whose answer it cannot show', () => {
  it.each([
    {
      screen: 'Products',
      path: '/api/products',
      // A newer API that pages its lists.
      body: { success: true, products: { items: [], next: null } },
      normal: () => page.getByText('No products found'),
    },
    {
      screen: 'Competitors',
      path: '/api/competitor-urls',
      // A record without most of its fields.
      body: { success: true, competitorUrls: [{ id: 1, product_id: 1 }] },
      normal: () => page.getByText('No competitor URLs found'),
    },
    {
      screen: 'Users',
      path: '/api/users',
      body: { success: true, users: { items: [] } },
      normal: () => page.getByRole('row', { name: /Admin \(you\)/ }),
    },
    {
      screen: 'Alerts',
      path: '/api/alert-settings',
      // Channels as a count rather than a list.
      body: { success: true, settings: { events: 'all', channels: 3 } },
      normal: () => page.getByText('No channels yet'),
    },
  ])(
    '$screen: says so under the header, passes axe, and Try again shows it once the answer is normal',
    async ({ screen, path, body, normal }) => {
      const answerNormally = await answerOddly(path, body);
      await signInAsAdmin(page, stack.url);
      await mainNav().getByRole('link', { name: screen }).click();
      const error = couldNotShow('This page');
      await error.waitFor();

      expect(await error.textContent()).toContain("The server's answer was not what it expected.");
      await expectStanding();
      expect(await mainNav().getByRole('link', { name: screen }).getAttribute('aria-current')).toBe('page');
      await expectAccessible(page);

      await answerNormally();
      await tabTo(page, error.getByRole('button', { name: 'Try again' }));
      await page.keyboard.press('Enter');
      await normal().waitFor();

      expect(await error.count()).toBe(0);
      await expectStanding();
    },
  );
});

describe('the dashboard', () => {
  it('shows N/A on the cards whose figures the overview lacks or holds as text, and the table as ever', async () => {
    await answerOddly('/api/dashboard/overview', {
      success: true,
      stats: { totalProducts: 'many', totalCompetitorUrls: null, lastScrapingTime: null },
    });
    await signInAsAdmin(page, stack.url);
    await page.getByText('No products found').waitFor();

    const cards = page.getByRole('region', { name: 'Overview' });
    for (const title of ['Total Products', 'Competitor URLs', 'Success Rate', 'Undercut since last run']) {
      expect(
        await cards.getByText(title).locator('xpath=../following-sibling::p').first().textContent(),
      ).toBe('N/A');
    }
    expect(await cards.getByText('recent attempts').count()).toBe(0);
    await expectStanding();
  });

  it('says the Price Overview could not be shown, keeps the Check My Price tab, and Try again shows it', async () => {
    // A product without its comparison, as from an API before comparisons were sent.
    const answerNormally = await answerOddly('/api/dashboard/products', {
      success: true,
      products: [{ id: 1, sku: 'ODD-1', name: 'Odd kettle', current_price: 10, cost: null }],
    });
    await signInAsAdmin(page, stack.url);
    const error = couldNotShow('This tab');
    await error.waitFor();
    await expectStanding();
    expect(await page.getByRole('heading', { name: 'Price Comparison Dashboard' }).isVisible()).toBe(true);

    await page.getByRole('tab', { name: 'Check My Price' }).click();
    await page.getByRole('heading', { name: 'Price Check Control Panel' }).waitFor();
    await page.getByRole('tab', { name: 'Price Overview' }).click();
    await error.waitFor();
    await expectAccessible(page);

    await answerNormally();
    await error.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('No products found').waitFor();

    expect(await error.count()).toBe(0);
    await expectStanding();
  });

  it('follows a run whose status has no counts by outcome, and shows — for figures the answers lack', async () => {
    // An older API: no counts by outcome in the status or the statistics, a session recorded before
    // outcomes, AI failures and unchecked URLs were kept, and a count sent as text.
    await answerOddly('/api/scraper/status', {
      success: true,
      status: {
        is_running: true,
        total_competitor_urls: 10,
        latest_log: null,
        current_stats: { successful_urls: 2, failed_urls: 1, total_urls: 10 },
        next_scheduled_run_at: null,
        estimated_finish_at: null,
      },
    });
    await answerOddly('/api/scraper/stats', {
      success: true,
      stats: { scraping_sessions_last_30_days: 4, total_scrapes_last_30_days: '40' },
    });
    await answerOddly('/api/scraper/logs', {
      success: true,
      logs: [
        {
          id: 'run-1',
          started_at: '2026-11-20T10:00:00.000Z',
          completed_at: '2026-11-20T10:01:05.000Z',
          triggered_by: 'schedule',
          status: 'completed',
          total_urls: 10,
          successful_urls: 8,
          failed_urls: 2,
        },
      ],
    });
    await signInAsAdmin(page, stack.url);
    await page.getByRole('tab', { name: 'Check My Price' }).click();
    await page.getByText('Scraping is currently in progress...').waitFor();

    const progress = page.getByRole('progressbar', { name: 'Price check progress' });
    expect(await progress.getAttribute('aria-valuetext')).toBe('3 of 10 URLs checked');
    expect(await page.getByText('3 of 10 URLs checked (2 successful, 1 failed)').isVisible()).toBe(true);
    // No legend of outcomes the status does not count.
    expect(await page.getByRole('list', { name: 'Checked so far by outcome' }).count()).toBe(0);
    expect(await fact('Success rate').textContent()).toBe('—');
    expect(await fact('Sessions').textContent()).toBe('4');
    expect(await fact('Total Scrapes').textContent()).toBe('—');
    expect(await fact('Blocked').textContent()).toBe('—');
    // The session's results, without the causes and AI losses it has no record of.
    const results = page.getByRole('region', { name: 'Scraping sessions' }).getByRole('cell').nth(4);
    expect(await results.textContent()).toBe('8 / 10 (2 failed)');
    await expectStanding();
  });

  it('says the Check My Price tab could not be shown for a schedule it cannot read, and Try again shows it', async () => {
    const answerNormally = await answerOddly('/api/scraper/schedule', {
      success: true,
      schedule: { enabled: 'yes', expression: 42 },
    });
    await signInAsAdmin(page, stack.url);
    await page.getByRole('tab', { name: 'Check My Price' }).click();
    const error = couldNotShow('This tab');
    await error.waitFor();
    await expectStanding();
    await expectAccessible(page);

    await answerNormally();
    await error.getByRole('button', { name: 'Try again' }).click();
    await page
      .getByRole('form', { name: 'Schedule' })
      .getByRole('switch', { name: 'Run scheduled price checks' })
      .waitFor();

    expect(await error.count()).toBe(0);
    await expectStanding();
  });
});
