import { describe, expect, it } from 'vitest';
import { openDashboard, productRow } from '../support/dashboard-page';
import { dashboardScene } from '../support/dashboard-scene';

/**
 * Screens that read the same API data share one cached value in the SPA (web/src/api/keys.ts). Here the
 * dashboard's price chart and the Competitors page's price dialog both read GET /api/competitor-urls/{id};
 * the second screen must show its prices, whatever the first one cached.
 */
const scene = await dashboardScene();
const { stack, page } = scene;

describe('data shared between screens', () => {
  it("shows a competitor URL's prices on the Competitors page after the dashboard charted them", async () => {
    await openDashboard(page, stack.url);
    await productRow(page, 'BRAVO-LOW').getByRole('button', { name: '1 of 1 with data' }).click();
    await page
      .getByRole('dialog')
      .getByRole('figure', { name: /^Price history of/ })
      .waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Competitors' }).click();
    await page.getByRole('heading', { name: 'Competitor URLs' }).waitFor();

    await page.getByRole('button', { name: '127.0.0.1: prices from Shop /p/19 for Bravo Toaster' }).click();
    const prices = page.getByRole('dialog', { name: 'Shop /p/19' });
    await prices.locator('dl').waitFor();
    const facts = await prices.locator('dl').textContent();
    const history = await prices.locator('tbody tr').allTextContents();

    expect(facts).toContain('£19.99');
    expect(history).toHaveLength(1);
    expect(history[0]).toContain('£19.99');
  });
});
