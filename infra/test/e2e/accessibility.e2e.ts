import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe';
import { tabTo } from '../support/browser';
import { choose, openDashboard as openDashboardAs, pageSummary, productRow } from '../support/dashboard-page';
import { dashboardScene } from '../support/dashboard-scene';
import { ADMIN } from '../support/test-stack';

/**
 * WCAG 2.2 AA on every screen and dialog (axe-core at 1440×900 and 390×844, support/axe.ts), with
 * data on the page: the shared 45-product catalogue with a run's prices and failing URLs
 * (support/dashboard-scene.ts), a hidden product and finished runs. Then a keyboard-only journey.
 */
const scene = await dashboardScene();
const { stack, token, page } = scene;
await seedHiddenProductAndRuns();

const openDashboard = () => openDashboardAs(page, stack.url);
const dialog = () => page.getByRole('dialog');
const alertDialog = () => page.getByRole('alertdialog');

async function seedHiddenProductAndRuns() {
  const { body } = await stack.api('GET /api/products', { token });
  const filler = body.products.find((product) => product.sku === 'FILL-01');
  if (!filler) throw new Error('FILL-01 is missing from the scene');
  await stack.api('PATCH /api/products/{id}/toggle-hidden', { token, params: { id: filler.id } });
  const { createRun } = await import('@cmp/functions/data/scrape-run.repository');
  const { newRunId } = await import('@cmp/functions/scrape-run/run-id');
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
  for (const [hours, status, failed] of [
    [3, 'completed', 2],
    [2, 'failed', 9],
    [1, 'stopped', 1],
  ] as const) {
    await createRun({
      run_id: newRunId(hoursAgo(hours)),
      status,
      triggered_by: 'manual',
      started_at: hoursAgo(hours),
      completed_at: hoursAgo(hours - 0.1),
      total_urls: 9,
      successful_urls: 9 - failed,
      failed_urls: failed,
      product_id: null,
      execution_arn: null,
      error_message: status === 'failed' ? 'States.Timeout' : null,
    });
  }
}

/** Opens a dialog with `open`, checks it, closes it with Escape, and checks that focus came back. */
async function checkDialog(open: () => Promise<unknown>, which: Locator = dialog()) {
  await open();
  await which.waitFor();
  await expectAccessible(page, which);
  await page.keyboard.press('Escape');
  await which.waitFor({ state: 'detached' });
  expect(await focusLandsOn(), `focus returns to a control after ${which} closes`).toBe(true);
}

/**
 * Whether focus lands on `target` (without one: on any control rather than the page itself) within a
 * second: a dialog gives focus back just after it closes.
 */
async function focusLandsOn(target?: Locator): Promise<boolean> {
  return page
    .waitForFunction(
      (element) => (element ? element === document.activeElement : document.activeElement !== document.body),
      target ? await target.elementHandle() : null,
      { timeout: 1000 },
    )
    .then(
      () => true,
      () => false,
    );
}

const moreActions = (sku: string) =>
  productRow(page, sku)
    .getByRole('button', { name: /^More actions for / })
    .click();
const menuItem = (name: string) => page.getByRole('menuitem', { name }).click();

describe('every screen and dialog passes axe’s WCAG 2.2 AA rules at 1440×900 and 390×844', () => {
  it('the login page', async () => {
    await page.goto(`${stack.url}/login`);
    await page.getByRole('button', { name: 'Login' }).waitFor();

    await expectAccessible(page);
  });

  it('the dashboard’s Price Overview, its menus and its dialogs', async () => {
    await openDashboard();

    await expectAccessible(page);
    await page.getByRole('button', { name: /User menu$/ }).click();
    await expectAccessible(page, page.getByRole('menu'));
    await page.keyboard.press('Escape');
    await moreActions('ALPHA-HIGH');
    await expectAccessible(page, page.getByRole('menu'));
    await page.keyboard.press('Escape');
    await checkDialog(async () => {
      await moreActions('ALPHA-HIGH');
      await menuItem('View AI Analysis');
      await dialog().getByRole('heading', { name: 'Price found' }).waitFor();
    });
    await checkDialog(async () => {
      await productRow(page, 'CHARLIE-SAME').getByRole('button', { name: '1 of 2 with data' }).click();
      await dialog()
        .getByRole('figure', { name: /^Price history of/ })
        .first()
        .waitFor();
    });
    await checkDialog(async () => {
      await moreActions('CHARLIE-SAME');
      await menuItem('Edit Product');
      await dialog().getByText('Shop /missing/1').waitFor();
    });
    await checkDialog(async () => {
      await moreActions('DELTA-NONE');
      await menuItem('Delete Product');
    }, alertDialog());
  });

  it('the dashboard’s Check My Price tab with finished, failed and stopped runs', async () => {
    await openDashboard();
    await page.getByRole('tab', { name: 'Check My Price' }).click();
    await page.locator('tbody tr').nth(2).waitFor();

    await expectAccessible(page);
  });

  it('the Products page with a hidden product, and its dialogs', async () => {
    await openDashboard();
    await page.getByRole('link', { name: 'Products' }).click();
    await page.locator('tr[data-hidden]').waitFor();

    await expectAccessible(page);
    await checkDialog(() => page.getByRole('button', { name: 'Add Product' }).click());
    await checkDialog(() => page.getByRole('button', { name: 'Edit Alpha Kettle' }).click());
    await checkDialog(() => page.getByRole('button', { name: 'Delete Alpha Kettle' }).click(), alertDialog());
    await checkDialog(() => page.getByRole('button', { name: 'Import CSV' }).click());
    await page.getByRole('button', { name: 'Manage Categories' }).click();
    const manage = page.getByRole('dialog', { name: 'Manage Categories' });
    await manage.getByText('Kitchen').waitFor();
    await expectAccessible(page, manage);
    await checkDialog(
      () => manage.getByRole('button', { name: 'Add Category' }).click(),
      page.getByRole('dialog', { name: 'Create Category' }),
    );
    await checkDialog(
      () => manage.getByRole('button', { name: 'Delete category Kitchen' }).click(),
      alertDialog(),
    );
  });

  it('the Competitors page with failing URLs, and its dialogs', async () => {
    await openDashboard();
    await page.getByRole('link', { name: 'Competitors' }).click();
    const failing = page.locator('tbody tr').filter({ hasText: '/missing/1' });
    await failing.waitFor();

    await expectAccessible(page);
    await checkDialog(async () => {
      await page
        .locator('tbody tr')
        .filter({ hasText: '/p/44' })
        .getByRole('button', { name: /^127\.0\.0\.1: prices from / })
        .click();
      await dialog().getByRole('region', { name: 'Price records' }).waitFor();
    });
    await checkDialog(() => page.getByRole('button', { name: 'Add Competitor' }).click());
    await checkDialog(() => failing.getByRole('button', { name: /^Edit / }).click());
    await checkDialog(() => failing.getByRole('button', { name: /^Delete / }).click(), alertDialog());
    await checkDialog(() => page.getByRole('button', { name: 'Import CSV' }).click());
    // The failing URLs alone, and one's latest check in full.
    await choose(page, 'Filter by last check', 'Failing');
    await page.locator('tbody tr').filter({ hasText: '/p/44' }).waitFor({ state: 'detached' });
    await expectAccessible(page);
    await checkDialog(async () => {
      await failing.getByRole('button', { name: /^Failed: latest check of / }).click();
      await dialog().getByText('HTTP 404').first().waitFor();
    });
  });
});

describe('the keyboard alone', () => {
  it('signs in, edits a price from the dashboard and returns focus to the row’s menu button', async () => {
    const trigger = productRow(page, 'BRAVO-LOW').getByRole('button', { name: /^More actions for / });
    const editDialog = page.getByRole('dialog', { name: 'Edit Product & Manage Competitors' });
    const hasFocus = (target: Locator) => target.evaluate((element) => element === document.activeElement);
    /** From the focused menu button: open its menu and pick 'Edit Product' with the arrow keys. */
    const openEdit = async () => {
      await page.keyboard.press('Enter');
      // The menu focuses its first item once open; arrows pressed before that would go astray.
      await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'menuitem');
      const item = page.getByRole('menuitem', { name: 'Edit Product' });
      for (let press = 0; press < 6 && !(await hasFocus(item)); press++) {
        const before = await page.evaluate(() => document.activeElement?.textContent);
        await page.keyboard.press('ArrowDown');
        // The menu moves focus on a timer: a second arrow pressed before it lands would skip an item.
        await page.waitForFunction((previous) => document.activeElement?.textContent !== previous, before);
      }
      expect(await hasFocus(item)).toBe(true);
      await page.keyboard.press('Enter');
      await editDialog.getByLabel('Current Price').waitFor();
    };

    // The page is shared with the tests above: park the pointer where no menu opens, since a menu item
    // under a resting pointer takes focus whenever the layout moves beneath it.
    await page.mouse.move(0, 0);
    await page.goto(`${stack.url}/login`);
    await tabTo(page, page.getByLabel('Email'));
    await page.keyboard.type(ADMIN.email);
    await tabTo(page, page.getByLabel('Password'));
    await page.keyboard.type(ADMIN.password);
    await page.keyboard.press('Enter');
    await pageSummary(page).waitFor();
    await tabTo(page, trigger);
    await openEdit();
    await tabTo(page, editDialog.getByLabel('Current Price'));
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('21.5');
    await tabTo(page, editDialog.getByRole('button', { name: 'Save Changes' }));
    await page.keyboard.press('Enter');
    await editDialog.waitFor({ state: 'detached' });
    const focusAfterSave = await focusLandsOn(trigger);
    // Reopen once the table shows the saved price, as someone checking their change would.
    await productRow(page, 'BRAVO-LOW').getByText('£21.50').waitFor();
    await openEdit();
    const priceShown = await editDialog.getByLabel('Current Price').inputValue();
    await page.keyboard.press('Escape');
    await editDialog.waitFor({ state: 'detached' });
    const focusAfterEscape = await focusLandsOn(trigger);

    expect(focusAfterSave).toBe(true);
    expect(focusAfterEscape).toBe(true);
    expect(priceShown).toBe('21.5');
  });
});
