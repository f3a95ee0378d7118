import { countByOutcome, type ScraperLog, type ScraperStatus } from '@cmp/shared';
import { describe, expect, it } from 'vitest';
import {
  asSessionResults,
  openDashboard as openDashboardAs,
  pollStatusUntil,
  productRow,
  runFigures,
} from '../support/dashboard-page';
import { dashboardScene } from '../support/dashboard-scene';

/**
 * The Check My Price panel on the shared catalogue of 45 products (support/dashboard-scene.ts):
 * a real price check against the fixture shop with live progress, a stop, and a product's AI
 * analysis from its row.
 */
const scene = await dashboardScene();
const { stack, token, page } = scene;

const openDashboard = () => openDashboardAs(page, stack.url);

const toast = (text: string | RegExp) => page.locator('.Toastify').getByText(text);
const row = (sku: string) => productRow(page, sku);

describe('the Check My Price panel', () => {
  it('runs a price check with live progress and lists the completed session', async () => {
    await page.clock.install();
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
    // The status is polled every 10 s while running: a poll brought forward shows the run part way.
    const progress = page.getByRole('progressbar', { name: 'Price check progress' });
    await pollStatusUntil(page, async () => Number(await progress.getAttribute('aria-valuenow')) > 0);
    const partWay = await page.getByText(/^\d+ of \d+ URLs checked/).textContent();
    // The sessions table's running row and the progress line read one status: the same figures.
    const figures = await runFigures(page);
    const session = page.locator('tbody tr').filter({ hasText: 'Completed' });
    await pollStatusUntil(page, () => session.isVisible());
    const sessionText = await session.textContent();

    expect(before).toContain('Check My Price and Monitor System Status');
    expect(before).toContain('Never');
    expect(busyDisabled).toBe(true);
    expect(stopShown).toBe(true);
    // The scene's 9 competitor URLs.
    expect(partWay).toMatch(/^[1-9]\d* of 9 URLs checked/);
    expect(figures.session).toContain(asSessionResults(figures.progress));
    expect(sessionText).toContain('Manual');
    expect(sessionText).toMatch(/\d+s/);
    expect(sessionText).toMatch(/\d+\.\d%$/);
    expect(await page.getByRole('button', { name: 'Check My Price Now' }).isEnabled()).toBe(true);
    expect(await page.getByText('Scraping is currently in progress...').count()).toBe(0);
    expect(
      await page.getByRole('heading', { name: 'Check My Price Statistics (Last 30 Days)' }).isVisible(),
    ).toBe(true);
  }, 60_000);

  it('shows the running session with the progress line’s figures, though the sessions were read at its start', async () => {
    // The moment a user saw: the status polled part way (15 of 16 checked), the sessions as read
    // when the run started (0 / 16).
    const run: ScraperLog = {
      id: 'run-part-way',
      started_at: new Date().toISOString(),
      completed_at: null,
      triggered_by: 'manual',
      status: 'running',
      total_urls: 16,
      successful_urls: 0,
      failed_urls: 0,
      not_checked_urls: 0,
      product_id: null,
      error_message: null,
      outcome_counts: null,
      llm: null,
    };
    const status: ScraperStatus = {
      is_running: true,
      total_competitor_urls: 16,
      latest_log: run,
      current_stats: {
        successful_urls: 14,
        failed_urls: 1,
        total_urls: 16,
        outcome_counts: countByOutcome([...Array<'ok'>(14).fill('ok'), 'blocked']),
      },
      next_scheduled_run_at: null,
      estimated_finish_at: null,
    };
    await page.route('**/api/scraper/status', (route) => route.fulfill({ json: { success: true, status } }));
    await page.route('**/api/scraper/logs?*', (route) =>
      route.fulfill({ json: { success: true, logs: [run] } }),
    );
    await openDashboard();
    await page.getByRole('tab', { name: 'Check My Price' }).click();
    await page.locator('tbody tr').filter({ hasText: 'Running' }).waitFor();

    const figures = await runFigures(page);

    expect(figures.progress).toMatch(/^15 of 16 URLs checked \(14 successful, 1 failed\)/);
    expect(figures.session).toContain(asSessionResults(figures.progress));
    expect(figures.session).toContain('87.5%');
  });

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
    const { body } = await stack.api('GET /api/scraper/logs', { token });

    expect(disabled).toBe(true);
    expect(markAtOneSecond).toBe(1);
    // The double click started one analysis run: the logs show one product run, after the two price checks.
    expect(body.logs.filter((log) => log.product_id !== null)).toHaveLength(1);
  });
});
