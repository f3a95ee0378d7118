// Parts of this run inside the page: they use the browser's types.
/// <reference lib="dom" />
import { addUser } from '@cmp/functions/auth/users';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe';
import { signInAsAdmin, tabTo } from '../support/browser';
import { openRowMenu, productRow } from '../support/dashboard-page';
import { dashboardScene } from '../support/dashboard-scene';

/**
 * Phones and narrow windows (issue 16): at 390×844 (and 360 wide) no screen scrolls sideways, the
 * header's navigation and user menu sit behind one 'Menu' button, and every dialog keeps its footer
 * buttons and its close button on screen. At 1440×900: a long SKU stays on one line and a hidden
 * product's row dims its data, not its action icons. On the dashboard's shared scene
 * (support/dashboard-scene.ts) plus a hidden product, finished runs, an alert and a second user.
 */
const scene = await dashboardScene();
const { stack, token, page } = scene;
const LONG_SKU = 'WIDGET-PRO-2000-XL-BLACK-EDITION';
await seedExtras();

const PHONE = { width: 390, height: 844 };
const SCREENS = [
  '/dashboard',
  '/dashboard?tab=check',
  '/products',
  '/competitors',
  '/competitor-hosts',
  '/matches',
  '/alerts',
  '/users',
];

async function seedExtras() {
  const products = (await stack.api('GET /api/products', { token })).body.products;
  const bySku = (sku: string) => {
    const product = products.find((candidate) => candidate.sku === sku);
    if (!product) throw new Error(`${sku} is missing from the scene`);
    return product;
  };
  await stack.api('PATCH /api/products/{id}/toggle-hidden', { token, params: { id: bySku('FILL-01').id } });
  await stack.api('POST /api/products', {
    token,
    body: { sku: LONG_SKU, name: 'Widget Pro 2000 XL in black', current_price: 99, cost: 50 },
  });
  await addUser({ email: 'sam@example.com', username: 'sam', firstName: 'Sam', password: 'sam-password-1' });
  const { createRun } = await import('@cmp/functions/data/scrape-run.repository');
  const { newRunId } = await import('@cmp/functions/scrape-run/run-id');
  const { putRunAlerts } = await import('@cmp/functions/data/alert.repository');
  const startedAt = new Date(Date.now() - 3_600_000).toISOString();
  const runId = newRunId(startedAt);
  await createRun({
    run_id: runId,
    status: 'completed',
    triggered_by: 'manual',
    started_at: startedAt,
    completed_at: new Date(Date.now() - 3_000_000).toISOString(),
    total_urls: 9,
    successful_urls: 7,
    failed_urls: 2,
    product_id: null,
    execution_arn: null,
    error_message: null,
  });
  const alpha = bySku('ALPHA-HIGH');
  await putRunAlerts(runId, startedAt, [
    {
      kind: 'undercut',
      product_id: alpha.id,
      sku: alpha.sku,
      product_name: alpha.name,
      our_price: 50,
      competitor_url_id: null,
      competitor_name: 'Shop /p/44',
      competitor_url: `${scene.shop.origin}/p/44`,
      competitor_price: 44.99,
      previous_price: 51.99,
    },
  ]);
}

/** Signs in at phone size; the dashboard's table is on screen. */
async function signInOnPhone() {
  await page.setViewportSize(PHONE);
  await signInAsAdmin(page, stack.url);
  await productRow(page, 'ALPHA-HIGH').waitFor();
}

/** Opens a screen by its address and waits for its content (a heading, then the data or its empty state). */
async function visit(path: string) {
  // A dialog just closed takes its history entry back off a moment later (Back closes dialogs): a
  // load started before that travel ends is aborted by it.
  await page.waitForFunction(() => !window.history.state?.dialogDepth);
  await page.goto(`${stack.url}${path}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.getByText(/Loading/).waitFor({ state: 'detached' });
  await page.waitForLoadState('networkidle');
}

const pageWidth = () =>
  page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, window: window.innerWidth }));

/** How many lines an element's text takes. */
const lines = (element: Locator) =>
  element.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
  });

/**
 * A control a user must reach: scrolled into view inside its dialog as a finger would (unless
 * `scroll` is false: it must be on screen as things are), it then lies wholly on the screen and a
 * tap at its centre lands on it (not on something covering it).
 */
async function expectOnScreen(control: Locator, scroll = true) {
  if (scroll) await control.scrollIntoViewIfNeeded();
  const box = await control.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error(`${control} has no box`);
  const where = `${control}: ${JSON.stringify(box)} in ${viewport.width}×${viewport.height}`;
  expect(box.x, where).toBeGreaterThanOrEqual(0);
  expect(box.y, where).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, where).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height, where).toBeLessThanOrEqual(viewport.height);
  const hit = await control.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const top = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
    return top !== null && element.contains(top);
  });
  expect(hit, `${where}: a tap at its centre reaches it`).toBe(true);
}

const dialog = (name: string | RegExp) => page.getByRole('dialog', { name });
const alertDialog = () => page.getByRole('alertdialog');

/**
 * An open dialog at phone size: its width leaves a margin, and `buttons` (its footer) are on screen and
 * tappable; its close button (in a confirmation, Cancel) is too, still, without scrolling back up to it.
 * Then that button closes the dialog.
 */
async function expectDialogFits(which: Locator, buttons: readonly string[]) {
  await which.waitFor();
  const box = await which.boundingBox();
  expect(box && box.x >= 8 && box.x + box.width <= PHONE.width - 8, `${which} leaves a margin`).toBe(true);
  for (const name of buttons) await expectOnScreen(which.getByRole('button', { name, exact: true }));
  const confirmation = (await which.getAttribute('role')) === 'alertdialog';
  const close = which.getByRole('button', { name: confirmation ? 'Cancel' : 'Close', exact: true });
  await expectOnScreen(close, false);
  await close.click();
  await which.waitFor({ state: 'detached' });
}

describe('at 390×844', () => {
  it('no screen is wider than the window, at 390 and at 360, and the titles stay short', async () => {
    await page.setViewportSize(PHONE);
    await page.goto(`${stack.url}/login`);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    const widths: Record<string, unknown> = { '/login': await pageWidth() };
    await signInOnPhone();
    for (const path of SCREENS) {
      await visit(path);
      widths[path] = await pageWidth();
      await page.setViewportSize({ width: 360, height: 740 });
      widths[`${path} at 360`] = await pageWidth();
      // The product title keeps one line; the page title at most two.
      expect(await lines(page.getByRole('link', { name: 'Check My Price' })), path).toBe(1);
      expect(await lines(page.getByRole('heading', { level: 1 })), path).toBeLessThanOrEqual(2);
      await page.setViewportSize(PHONE);
    }
    for (const [screen, width] of Object.entries(widths)) {
      const { scroll, window } = width as { scroll: number; window: number };
      expect(scroll, `${screen} scrolls sideways`).toBeLessThanOrEqual(window);
    }
  });

  it('the tables scroll inside their cards with the product column held at the left edge', async () => {
    await signInOnPhone();
    const table = page.getByRole('region', { name: 'Price comparison' });
    const product = productRow(page, 'ALPHA-HIGH').getByRole('cell').first();
    const before = await product.boundingBox();
    await table.evaluate((region) => region.scrollBy({ left: 400 }));
    await expect.poll(() => table.evaluate((region) => region.scrollLeft)).toBeGreaterThan(0);
    expect((await product.boundingBox())?.x).toBe(before?.x);
    await expect.poll(() => pageWidth().then((width) => width.scroll <= width.window)).toBe(true);
  });

  it('the dashboard’s table shows Status and Difference of its first rows without scrolling sideways, and breaks no word', async () => {
    await signInOnPhone();
    const table = page.getByRole('region', { name: 'Price comparison' });
    // Down to the first rows, as a thumb would: the page scrolls up and down only.
    await page.evaluate(() => {
      const first = document.querySelector('tbody tr');
      if (first) window.scrollBy(0, first.getBoundingClientRect().top - 100);
    });
    const layout = await table.evaluate((region) => {
      const column = (name: string) =>
        Array.from(region.querySelectorAll('thead th')).findIndex((th) => th.textContent?.startsWith(name));
      const rows = Array.from(region.querySelectorAll<HTMLTableRowElement>('tbody tr')).slice(0, 4);
      const box = (element: Element | undefined) => {
        const rect = element?.getBoundingClientRect();
        return rect && { left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom };
      };
      // Every word of every cell of those rows whose letters lie on more than one line.
      const broken: string[] = [];
      for (const cell of rows.flatMap((row) => Array.from(row.cells))) {
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, word.index);
            range.setEnd(node, word.index + word[0].length);
            const tops = Array.from(range.getClientRects(), (rect) => Math.round(rect.top));
            if (new Set(tops).size > 1) broken.push(word[0]);
          }
        }
      }
      return {
        scrolledSideways: region.scrollLeft !== 0 || window.scrollX !== 0,
        region: box(region),
        product: rows.map((row) => box(row.cells[0])),
        status: rows.map((row) => box(row.cells[column('Status')])),
        difference: rows.map((row) => box(row.cells[column('Difference')])),
        broken,
        viewport: { width: window.innerWidth, height: window.innerHeight },
      };
    });

    expect(layout.scrolledSideways).toBe(false);
    expect(layout.status).toHaveLength(4);
    for (const [n, cell] of [...layout.status, ...layout.difference].entries()) {
      const where = `${n < 4 ? 'Status' : 'Difference'} of row ${(n % 4) + 1}: ${JSON.stringify(cell)}`;
      if (!cell || !layout.region) throw new Error(`${where} is missing`);
      // On screen, inside the table's card (not clipped by its scrolling) and beside the held product column.
      expect(cell.left, where).toBeGreaterThanOrEqual(Math.max(0, layout.region.left));
      expect(cell.right, where).toBeLessThanOrEqual(Math.min(layout.viewport.width, layout.region.right));
      expect(cell.left, where).toBeGreaterThanOrEqual(
        layout.product[n % 4]?.right ?? Number.POSITIVE_INFINITY,
      );
      expect(cell.top, where).toBeGreaterThanOrEqual(0);
      expect(cell.bottom, where).toBeLessThanOrEqual(layout.viewport.height);
    }
    expect(layout.broken).toEqual([]);
    await expectAccessible(page);
  });

  it('the header’s Menu button opens the navigation and the user menu, by keyboard too, and Log out signs out', async () => {
    await signInOnPhone();
    const banner = page.getByRole('banner');
    expect(await banner.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    const menuButton = banner.getByRole('button', { name: 'Menu' });
    await expectOnScreen(menuButton);

    // Keyboard: open, Escape closes and gives focus back; open again and follow a link.
    await tabTo(page, menuButton);
    await page.keyboard.press('Enter');
    const menu = dialog('Menu');
    await menu.waitFor();
    expect(await menu.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    // Focus goes back to the button once the menu has closed, a moment after it left the page.
    await expect.poll(() => menuButton.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    const productsLink = menu
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Products' });
    await tabTo(page, productsLink);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
    await menu.waitFor({ state: 'detached' });

    await menuButton.click();
    const links = await menu.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents();
    expect(links).toEqual([
      'Dashboard',
      'Products',
      'Competitors',
      'Matches',
      'Pricing',
      'Hosts',
      'Alerts',
      'Users',
      'Activity',
    ]);
    expect(await menu.getByRole('link', { name: 'Products' }).getAttribute('aria-current')).toBe('page');
    await menu.getByText('admin@example.com').waitFor();
    await expectAccessible(page);
    await page.setViewportSize(PHONE);
    const logOut = menu.getByRole('button', { name: 'Log out' });
    await expectOnScreen(logOut);
    const signedInToken = await page.evaluate(() => localStorage.getItem('authToken'));
    await logOut.click();

    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    // The server ended the session too: its token no longer opens the API.
    expect((await stack.api('GET /api/products', { token: signedInToken ?? '' })).status).toBe(401);
  });

  it('every dialog on the dashboard keeps its buttons and close button on screen', async () => {
    await signInOnPhone();
    await openRowMenu(page, 'ALPHA-HIGH', 'View AI Analysis');
    await expectDialogFits(dialog('AI Price Analysis'), []);
    await productRow(page, 'CHARLIE-SAME').getByRole('button', { name: '1 of 2 with data' }).click();
    await expectDialogFits(dialog('Competitor Prices'), []);

    await openRowMenu(page, 'CHARLIE-SAME', 'Edit Product');
    const edit = dialog('Edit Product & Manage Competitors');
    await edit.getByText('Shop /missing/1').waitFor();
    await edit.getByRole('button', { name: 'Delete competitor Shop /missing/1' }).click();
    await expectDialogFits(alertDialog(), ['Delete']);
    await expectDialogFits(edit, ['Save Changes']);

    await openRowMenu(page, 'DELTA-NONE', 'Delete Product');
    await expectDialogFits(alertDialog(), ['Delete Product']);
  });

  it('every dialog on Products keeps its buttons and close button on screen', async () => {
    await signInOnPhone();
    await visit('/products');
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expectDialogFits(dialog('Create Product'), ['Cancel', 'Create Product']);
    await page.getByRole('button', { name: 'Edit Alpha Kettle' }).click();
    await expectDialogFits(dialog('Edit Product'), ['Cancel', 'Update Product']);
    await page.getByRole('button', { name: 'Delete Alpha Kettle' }).click();
    await expectDialogFits(alertDialog(), ['Delete']);

    await page.getByRole('button', { name: 'Import CSV' }).click();
    const importDialog = dialog('Import Products');
    await expectDialogFits(importDialog, ['Cancel', 'Preview']);
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const rows = ['SKU,Product Name,Current Price,Cost,Category'];
    for (let n = 1; n <= 30; n++) rows.push(`ALPHA-HIGH,Alpha Kettle renamed ${n},${n},1,Garden ${n}`);
    rows.push('PHONE-NEW,A product with a rather long name to wrap on a phone,3,1,');
    await importDialog
      .getByLabel('CSV file')
      .setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\n')) });
    await importDialog.getByRole('button', { name: 'Preview' }).click();
    await importDialog.getByRole('region', { name: 'Preview' }).waitFor();
    await expectDialogFits(importDialog, ['Cancel', 'Import']);

    await page.getByRole('button', { name: 'Manage Categories' }).click();
    const manage = dialog('Manage Categories');
    await manage.getByText('Kitchen').waitFor();
    await manage.getByRole('button', { name: 'Add Category' }).click();
    await expectDialogFits(dialog('Create Category'), ['Cancel', 'Create Category']);
    await manage.getByRole('button', { name: 'Delete category Kitchen' }).click();
    await expectDialogFits(alertDialog(), ['Delete']);
    await expectDialogFits(manage, ['Add Category']);
  });

  it('every dialog on Competitors keeps its buttons and close button on screen', async () => {
    await signInOnPhone();
    await visit('/competitors');
    const row = (path: string) => page.locator('tbody tr').filter({ hasText: path });
    await row('/p/44')
      .getByRole('button', { name: /: prices from / })
      .click();
    const prices = page.getByRole('dialog');
    await prices.getByRole('region', { name: 'Price records' }).waitFor();
    await expectDialogFits(prices, []);
    await row('/missing/1')
      .getByRole('button', { name: /^Failed: latest check of / })
      .click();
    await expectDialogFits(page.getByRole('dialog'), []);
    await page.getByRole('button', { name: 'Add Competitor' }).click();
    await expectDialogFits(dialog('Add Competitor URL'), ['Cancel', 'Add Competitor']);
    await row('/missing/1')
      .getByRole('button', { name: /^Edit / })
      .click();
    await expectDialogFits(dialog('Edit Competitor URL'), ['Cancel', 'Update']);
    await row('/missing/1')
      .getByRole('button', { name: /^Delete / })
      .click();
    await expectDialogFits(alertDialog(), ['Delete']);
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await expectDialogFits(dialog('Import Competitor URLs'), ['Cancel', 'Import']);
  });

  it('every dialog on Users and Alerts keeps its buttons and close button on screen', async () => {
    await signInOnPhone();
    await visit('/users');
    await page.getByRole('button', { name: 'Add user' }).click();
    await expectDialogFits(dialog('Add user'), ['Cancel', 'Add user']);
    await page.getByRole('button', { name: 'Disable Sam' }).click();
    await expectDialogFits(alertDialog(), ['Disable']);
    await page.getByRole('button', { name: 'Reset password of Sam' }).click();
    await alertDialog().getByRole('button', { name: 'Reset password' }).click();
    await expectDialogFits(dialog('One-time password'), ['Done']);

    await visit('/alerts');
    const form = page.getByRole('form', { name: 'Alert settings' });
    await form.getByRole('textbox', { name: 'Webhook URL' }).fill('https://hooks.example.com/phone');
    await form.getByRole('button', { name: 'Add channel' }).click();
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expectDialogFits(dialog('Webhook secret'), ['Done']);
  });
});

describe('at 1440×900', () => {
  it('a long SKU stays on one line in every table that shows it', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAsAdmin(page, stack.url);
    await page.getByLabel('Search products').fill(LONG_SKU);
    const dashboardSku = productRow(page, LONG_SKU).getByText(`SKU: ${LONG_SKU}`);
    expect(await lines(dashboardSku)).toBe(1);

    await visit('/products');
    await page.getByLabel('Search products').fill(LONG_SKU);
    const productsSku = page.getByRole('cell', { name: LONG_SKU });
    expect(await lines(productsSku)).toBe(1);
  });

  it('a hidden product’s row dims its data but not its action icons', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAsAdmin(page, stack.url);
    await visit('/products');
    const hidden = page.locator('tr[data-hidden]').filter({ hasText: 'FILL-01' });
    const visible = page.locator('tbody tr').filter({ hasText: 'ALPHA-HIGH' });
    const colour = (element: Locator) => element.evaluate((node) => getComputedStyle(node).color);
    const opacity = (element: Locator) =>
      element.evaluate((node) => {
        let total = 1;
        for (let at: Element | null = node; at; at = at.parentElement) {
          total *= Number(getComputedStyle(at).opacity);
        }
        return total;
      });

    // The data: muted text, unlike a visible row's.
    const name = hidden.getByRole('cell', { name: 'Filler item 1', exact: true });
    expect(await colour(name)).not.toBe(
      await colour(visible.getByRole('cell', { name: 'Alpha Kettle', exact: true })),
    );
    // The icons: as a visible row's, at full opacity.
    for (const [hiddenLabel, visibleLabel] of [
      ['Show Filler item 1', 'Hide Alpha Kettle'],
      ['Edit Filler item 1', 'Edit Alpha Kettle'],
      ['Delete Filler item 1', 'Delete Alpha Kettle'],
    ]) {
      const icon = hidden.getByRole('button', { name: hiddenLabel }).locator('svg');
      const reference = visible.getByRole('button', { name: visibleLabel }).locator('svg');
      expect(await opacity(icon), hiddenLabel).toBe(1);
      expect(await colour(icon), hiddenLabel).toBe(await colour(reference));
    }
  });
});
