import { PRODUCT_CSV_TEMPLATE } from '@cmp/shared';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe';
import { openSignedIn, signInAsAdmin, tabTo } from '../support/browser';
import { useBrowserPage } from '../support/browser-fixture';
import { choose, openDashboard, openRowMenu, productRow } from '../support/dashboard-page';
import { present } from '../support/present';
import { startTestStack, type TestStack } from '../support/test-stack';

/**
 * Forms and dialogs (issue 16, small things): focus goes back to the control that opened a dialog,
 * however it closes; a server's refusal of a field shows beside that field; a stale file-type error
 * clears when a CSV is chosen. The browser's Back closes the dialog on top rather than leaving the
 * page, and a form with unsaved changes asks before it closes.
 */
let stack: TestStack;
let token: string;

const page = useBrowserPage();
beforeAll(async () => {
  stack = await startTestStack({ serveWeb: true });
  token = await stack.login();
  for (const [sku, name] of [
    ['FOCUS-1', 'Focus Kettle'],
    ['FOCUS-2', 'Focus Toaster'],
    ['FOCUS-3', 'Focus Blender'],
    ['FOCUS-4', 'Focus Mixer'],
  ] as const) {
    const { status } = await stack.api('POST /api/products', {
      token,
      body: { sku, name, current_price: 20, cost: 12 },
    });
    if (status !== 201) throw new Error(`seeding ${sku} answered ${status}`);
  }
  const { body } = await stack.api('GET /api/products', { token });
  const kettle = body.products.find((product) => product.sku === 'FOCUS-1');
  const { status } = await stack.api('POST /api/competitor-urls', {
    token,
    body: {
      product_id: present(kettle).id,
      competitor_name: 'Focus Shop',
      url: 'https://focus-shop.example.com/kettle',
    },
  });
  if (status !== 201) throw new Error(`seeding a competitor URL answered ${status}`);
});
afterAll(() => stack?.stop());

const dialog = () => page.getByRole('dialog');
const alertDialog = () => page.getByRole('alertdialog');
const toast = (text: string | RegExp) => page.locator('.Toastify').getByText(text);

/** Fails unless `target` has focus within a second (a dialog gives focus back just after it closes). */
async function expectFocusOn(target: Locator, after: string) {
  const landed = await page
    .waitForFunction((element) => element === document.activeElement, await target.elementHandle(), {
      timeout: 1000,
    })
    .then(
      () => true,
      () => false,
    );
  const focused = await page.evaluate(
    () =>
      document.activeElement?.getAttribute('aria-label') ??
      document.activeElement?.outerHTML.slice(0, 120) ??
      'nothing',
  );
  expect(landed, `focus is on ${target} after ${after}, not on ${focused}`).toBe(true);
}

/**
 * Opens a dialog (`alert`: a confirmation) with `opener` and closes it each way a user can, checking
 * focus is back on `opener` each time.
 */
async function expectFocusBackAfterEachClose(opener: Locator, { alert = false } = {}) {
  const which = alert ? alertDialog() : dialog();
  const closes: [string, () => Promise<unknown>][] = [
    ['Escape', () => page.keyboard.press('Escape')],
    ['Cancel', () => which.getByRole('button', { name: 'Cancel' }).click()],
  ];
  // A confirmation has no close button.
  if (!alert)
    closes.push([
      'the close button',
      () => which.getByRole('button', { name: 'Close', exact: true }).click(),
    ]);
  for (const [how, close] of closes) {
    await opener.click();
    await which.waitFor();
    await close();
    await which.waitFor({ state: 'detached' });
    await expectFocusOn(opener, how);
  }
}

/** Opens the Products page; `fromDashboard`: by its link from the dashboard, which Back goes back to. */
async function openProducts(fromDashboard = false) {
  if (fromDashboard) {
    await signInAsAdmin(page, stack.url);
    await page.getByRole('link', { name: 'Products' }).click();
  } else await openSignedIn(page, stack.url, '/products');
  await page.getByRole('heading', { name: 'Products' }).waitFor();
}

describe('focus goes back to the control that opened a dialog', () => {
  it('on the Products page: header buttons and row buttons, after Escape, Cancel, the close button and a save', async () => {
    await openProducts();
    const add = page.getByRole('button', { name: 'Add Product' });
    const edit = page.getByRole('button', { name: 'Edit Focus Kettle' });

    await expectFocusBackAfterEachClose(add);
    await expectFocusBackAfterEachClose(page.getByRole('button', { name: 'Import CSV' }));
    await expectFocusBackAfterEachClose(edit);
    await expectFocusBackAfterEachClose(page.getByRole('button', { name: 'Delete Focus Toaster' }), {
      alert: true,
    });
    await page.getByRole('button', { name: 'Manage Categories' }).click();
    await dialog().waitFor();
    await page.keyboard.press('Escape');
    await expectFocusOn(page.getByRole('button', { name: 'Manage Categories' }), 'Escape');

    await add.click();
    await dialog().getByLabel('SKU').fill('FOCUS-NEW');
    await dialog().getByLabel('Product Name').fill('Focus Grinder');
    await dialog().getByLabel('Current Price').fill('12');
    await dialog().getByRole('button', { name: 'Create Product' }).click();
    await toast('Product created successfully').waitFor();
    await expectFocusOn(add, 'a save');

    await edit.click();
    await dialog().getByLabel('Product Name').fill('Focus Kettle');
    await dialog().getByRole('button', { name: 'Update Product' }).click();
    await toast('Product updated successfully').waitFor();
    await expectFocusOn(edit, 'a save');
  });

  it('when the opener is gone (its row deleted), focus goes to the table rather than the page', async () => {
    await openProducts();

    await page.getByRole('button', { name: 'Delete Focus Blender' }).click();
    await alertDialog().getByRole('button', { name: 'Delete' }).click();
    await toast('Product deleted successfully').waitFor();
    await alertDialog().waitFor({ state: 'detached' });

    await expectFocusOn(page.getByRole('region', { name: 'Products' }), 'deleting its row');
  });

  it('on the dashboard: a dialog opened from a row’s menu gives focus to the menu’s button, a deleted row’s to the table', async () => {
    await openDashboard(page, stack.url);
    const trigger = productRow(page, 'FOCUS-1').getByRole('button', { name: /^More actions for / });

    for (const [how, close] of [
      ['Escape', () => page.keyboard.press('Escape')],
      ['the close button', () => dialog().getByRole('button', { name: 'Close', exact: true }).click()],
      ['Save Changes', () => dialog().getByRole('button', { name: 'Save Changes' }).click()],
    ] as const) {
      await openRowMenu(page, 'FOCUS-1', 'Edit Product');
      await dialog().getByRole('heading', { name: 'Edit Product & Manage Competitors' }).waitFor();
      await close();
      await dialog().waitFor({ state: 'detached' });
      await expectFocusOn(trigger, how);
    }
    await openRowMenu(page, 'FOCUS-2', 'Delete Product');
    await alertDialog().getByRole('button', { name: 'Cancel' }).click();
    await expectFocusOn(
      productRow(page, 'FOCUS-2').getByRole('button', { name: /^More actions for / }),
      'Cancel',
    );

    // A confirmation inside the edit dialog whose opener goes with the deleted URL: focus stays in the dialog.
    await openRowMenu(page, 'FOCUS-1', 'Edit Product');
    await dialog().getByRole('button', { name: 'Delete competitor Focus Shop' }).click();
    await alertDialog().getByRole('button', { name: 'Delete' }).click();
    await dialog().getByText('No competitor URLs yet.').waitFor();
    await expect.poll(() => dialog().evaluate((frame) => frame.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expectFocusOn(trigger, 'Escape after a delete inside the dialog');

    await openRowMenu(page, 'FOCUS-4', 'Delete Product');
    await alertDialog().getByRole('button', { name: 'Delete Product' }).click();
    await toast('Product deleted successfully').waitFor();
    await productRow(page, 'FOCUS-4').waitFor({ state: 'detached' });
    // Rows are keyed by position, so the next product's menu button may take the deleted one's place.
    const table = page.getByRole('region', { name: 'Price comparison' });
    await expect.poll(() => table.evaluate((region) => region.contains(document.activeElement))).toBe(true);
  });

  it('on the Competitors and Users pages', async () => {
    await openSignedIn(page, stack.url, '/competitors');
    await expectFocusBackAfterEachClose(page.getByRole('button', { name: 'Add Competitor' }));
    await page.goto(`${stack.url}/users`);
    await expectFocusBackAfterEachClose(page.getByRole('button', { name: 'Add user' }));
  });
});

describe('a server’s refusal of a field shows beside that field', () => {
  it('a taken SKU: the SKU field is invalid and described by the server’s message', async () => {
    await openProducts();
    await page.getByRole('button', { name: 'Add Product' }).click();
    await dialog().getByLabel('SKU').fill('focus-2');
    await dialog().getByLabel('Product Name').fill('Second Toaster');
    await dialog().getByLabel('Current Price').fill('5');

    await dialog().getByRole('button', { name: 'Create Product' }).click();

    const sku = dialog().getByLabel('SKU');
    await expect.poll(() => sku.getAttribute('aria-invalid')).toBe('true');
    const describedBy = await sku.getAttribute('aria-describedby');
    await expect(dialog().locator(`[id="${describedBy}"]`).textContent()).resolves.toBe(
      'A product with SKU "focus-2" already exists',
    );
    expect(await dialog().getByLabel('Product Name').getAttribute('aria-invalid')).toBeNull();
    await expectAccessible(page, dialog());
  });

  it('a taken SKU in Edit Product & Manage Competitors: the same, in the dashboard’s dialog', async () => {
    await openDashboard(page, stack.url);
    await openRowMenu(page, 'FOCUS-1', 'Edit Product');
    await dialog().getByLabel('SKU').fill('FOCUS-2');

    await dialog().getByRole('button', { name: 'Save Changes' }).click();

    const sku = dialog().getByLabel('SKU');
    await expect.poll(() => sku.getAttribute('aria-invalid')).toBe('true');
    const describedBy = await sku.getAttribute('aria-describedby');
    await expect(dialog().locator(`[id="${describedBy}"]`).textContent()).resolves.toBe(
      'A product with SKU "FOCUS-2" already exists',
    );
  });

  it('a URL the competitor-URL policy refuses: the URL field is invalid and says why', async () => {
    await openSignedIn(page, stack.url, '/competitors');
    await page.getByRole('button', { name: 'Add Competitor' }).click();
    await choose(page, 'Product', 'Focus Kettle (FOCUS-1)');
    await dialog().getByLabel('URL').fill('http://10.1.2.3/kettle');
    await dialog().getByLabel('Competitor Name').fill('Private Shop');

    await dialog().getByRole('button', { name: 'Add Competitor' }).click();

    const url = dialog().getByLabel('URL');
    await expect.poll(() => url.getAttribute('aria-invalid')).toBe('true');
    const describedBy = await url.getAttribute('aria-describedby');
    await expect(dialog().locator(`[id="${describedBy}"]`).textContent()).resolves.toBe(
      'URL must point to a public address, not a private one',
    );
  });
  it('an alert channel the server refuses: its message shows in the channels section, not only in a toast', async () => {
    await openSignedIn(page, stack.url, '/alerts');
    const form = page.getByRole('form', { name: 'Alert settings' });
    await form.getByRole('textbox', { name: 'Webhook URL' }).fill('https://10.0.0.5/hook');
    await form.getByRole('button', { name: 'Add channel' }).click();

    await form.getByRole('button', { name: 'Save settings' }).click();

    await form
      .getByRole('alert')
      .getByText('Channel 1: URL must point to a public address, not a private one')
      .waitFor();
  });
});

describe('the import dialog', () => {
  it('clears a stale file-type error when a CSV is chosen, and the import can go on', async () => {
    await openProducts();
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const file = dialog().getByLabel('CSV file');
    await file.setInputFiles({ name: 'products.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await dialog().getByRole('button', { name: 'Preview' }).click();
    await dialog().getByRole('alert').getByText('Please select a CSV file').waitFor();

    await file.setInputFiles({
      name: 'products.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(PRODUCT_CSV_TEMPLATE),
    });

    await dialog().getByRole('alert').waitFor({ state: 'detached' });
    await dialog().getByRole('button', { name: 'Preview' }).click();
    await dialog().getByRole('region', { name: 'Preview' }).waitFor();
  });
});

describe('the browser’s Back button and unsaved changes', () => {
  const discard = () => page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
  const dashboardHeading = () => page.getByRole('heading', { name: 'Price Comparison Dashboard' });

  it('Back closes the dialog on top instead of leaving the page; a dialog closed another way leaves no step behind', async () => {
    await openProducts(true);
    const add = page.getByRole('button', { name: 'Add Product' });

    await add.click();
    await dialog().waitFor();
    await page.goBack();
    await dialog().waitFor({ state: 'detached' });
    const pathAfterBack = new URL(page.url()).pathname;
    await expectFocusOn(add, 'Back');

    // A confirmation, and a dialog over a dialog: Back closes the top one only.
    await page.getByRole('button', { name: 'Delete Focus Toaster' }).click();
    await alertDialog().waitFor();
    await page.goBack();
    await alertDialog().waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Manage Categories' }).click();
    const manage = page.getByRole('dialog', { name: 'Manage Categories' });
    await manage.getByRole('button', { name: 'Add Category' }).click();
    const create = page.getByRole('dialog', { name: 'Create Category' });
    await create.waitFor();
    await page.goBack();
    await create.waitFor({ state: 'detached' });
    const outerStayed = await manage.isVisible();
    await expectAccessible(page);
    // Closed by Escape, each takes its step off the history: one Back now leaves the page.
    await page.keyboard.press('Escape');
    await manage.waitFor({ state: 'detached' });
    await add.click();
    await dialog().waitFor();
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    // The step comes off the history just after the dialog closes (a person's Back comes later).
    await page.waitForFunction(() => !window.history.state?.dialogDepth);
    await page.goBack();
    await dashboardHeading().waitFor();

    expect(pathAfterBack).toBe('/products');
    expect(outerStayed).toBe(true);
  });

  it('a form with unsaved changes asks first, whichever way it is closed; Keep editing keeps what was typed', async () => {
    await openProducts(true);
    const add = page.getByRole('button', { name: 'Add Product' });
    await add.click();
    const sku = dialog().getByLabel('SKU');
    // Typed and taken back: nothing to lose, so it closes at once.
    await sku.fill('UNSAVED-1');
    await sku.fill('');
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });

    await add.click();
    await sku.fill('UNSAVED-1');
    const closes: [string, () => Promise<unknown>][] = [
      ['Escape', () => page.keyboard.press('Escape')],
      ['Cancel', () => dialog().getByRole('button', { name: 'Cancel' }).click()],
      ['the close button', () => dialog().getByRole('button', { name: 'Close', exact: true }).click()],
      ['a click outside', () => page.mouse.click(4, 4)],
      ['Back', () => page.goBack()],
    ];
    const kept: Record<string, string> = {};
    for (const [how, close] of closes) {
      await close();
      await discard().waitFor();
      // 'Keep editing' has focus first, so Enter never discards by accident.
      await page.keyboard.press('Enter');
      await discard().waitFor({ state: 'detached' });
      // Focus is back in the form, so typing goes on where it was.
      await expect
        .poll(() => dialog().evaluate((frame) => frame.contains(document.activeElement)), { message: how })
        .toBe(true);
      kept[how] = await sku.inputValue();
    }
    const stillOnProducts = new URL(page.url()).pathname;

    // Discard, by keyboard: the form closes unsaved and focus goes back to the button that opened it.
    await page.keyboard.press('Escape');
    await discard().waitFor();
    const text = await discard().textContent();
    await expectAccessible(page);
    await tabTo(page, discard().getByRole('button', { name: 'Discard' }));
    await page.keyboard.press('Enter');
    await discard().waitFor({ state: 'detached' });
    await dialog().waitFor({ state: 'detached' });
    await expectFocusOn(add, 'Discard');
    // The asking left nothing in the history: one Back leaves the page.
    await page.goBack();
    await dashboardHeading().waitFor();

    expect(Object.values(kept)).toEqual(closes.map(() => 'UNSAVED-1'));
    expect(stillOnProducts).toBe('/products');
    expect(text).toContain('What you changed in this form has not been saved.');
    expect(
      (await stack.api('GET /api/products', { token })).body.products.map((product) => product.sku),
    ).not.toContain('UNSAVED-1');
  });

  it('Edit Product & Manage Competitors asks too, and Back then Discard closes it unsaved', async () => {
    await openDashboard(page, stack.url);
    const trigger = productRow(page, 'FOCUS-2').getByRole('button', { name: /^More actions for / });
    await openRowMenu(page, 'FOCUS-2', 'Edit Product');
    const edit = page.getByRole('dialog', { name: 'Edit Product & Manage Competitors' });
    await edit.getByLabel('Name', { exact: true }).fill('Focus Toaster Renamed');

    await page.goBack();
    await discard().waitFor();
    await expectAccessible(page);
    await discard().getByRole('button', { name: 'Discard' }).click();
    await edit.waitFor({ state: 'detached' });
    await expectFocusOn(trigger, 'Discard');
    const nameShown = await productRow(page, 'FOCUS-2').getByText('Focus Toaster', { exact: true }).count();

    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(nameShown).toBe(1);
  });
});
