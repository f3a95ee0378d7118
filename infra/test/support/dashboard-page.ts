import type { Page } from 'playwright-core';
import { signInAsAdmin } from './browser';

/** The comparison table's row of one product. */
export const productRow = (page: Page, sku: string) =>
  page.locator('tbody tr').filter({ hasText: `SKU: ${sku}` });

/** The SKUs of the rows on screen, top to bottom. */
export const visibleSkus = async (page: Page) =>
  (
    await page
      .locator('tbody tr')
      .getByText(/^SKU: /)
      .allTextContents()
  ).map((text) => text.slice(5));

/** Picks `option` in the select named `selectName` (a Radix select: open it, then click). */
export async function choose(page: Page, selectName: string, option: string) {
  await page.getByRole('combobox', { name: selectName }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Opens a row's actions menu and clicks `item`. */
export async function openRowMenu(page: Page, sku: string, item: string) {
  await productRow(page, sku)
    .getByRole('button', { name: /^More actions for / })
    .click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** The table's "Showing 1 to 20 of 45 products" line. */
export const pageSummary = (page: Page) => page.getByText(/^Showing \d+ to \d+ of \d+ products$/);

/** Signs in as the admin and waits for the dashboard's table. */
export async function openDashboard(page: Page, baseUrl: string) {
  await signInAsAdmin(page, baseUrl);
  await pageSummary(page).waitFor();
}
