import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  MAX_LARGE_UPLOAD_BYTES,
  MAX_UPLOAD_BYTES,
  PRODUCT_CSV_TEMPLATE,
  type RequestBody,
} from '@cmp/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe';
import { signInAsAdmin } from '../support/browser';
import { useBrowserPage } from '../support/browser-fixture';
import { startTestStack, type TestStack } from '../support/test-stack';

let stack: TestStack;
let token: string;

const page = useBrowserPage({ acceptDownloads: true });
beforeAll(async () => {
  stack = await startTestStack({ serveWeb: true });
  token = await stack.login();
});
afterAll(() => stack?.stop());

async function openProducts() {
  await signInAsAdmin(page, stack.url);
  await page.getByRole('link', { name: 'Products' }).click();
  await page.getByRole('heading', { name: 'Products' }).waitFor();
}

const toast = (text: string | RegExp) => page.locator('.Toastify').getByText(text);
const dialog = () => page.getByRole('dialog');

async function createProduct(body: RequestBody<'POST /api/products'>) {
  const { status, body: answer } = await stack.api('POST /api/products', { token, body });
  if (status !== 201) throw new Error(`seed failed ${status}: ${JSON.stringify(answer)}`);
  return answer.product;
}

async function productBySku(sku: string) {
  const { body } = await stack.api('GET /api/products', { token });
  return body.products.find((product) => product.sku === sku);
}

async function search(text: string) {
  await page.getByRole('searchbox', { name: 'Search products' }).fill(text);
}

/** The Product Name column of the visible rows. */
async function visibleNames() {
  return page.locator('tbody tr td:nth-child(2)').allTextContents();
}

describe('creating, editing, hiding and deleting a product', () => {
  it('shows each validation message, then saves, edits, hides and deletes with the spec toasts', async () => {
    await openProducts();

    await page.getByRole('button', { name: 'Add Product' }).click();
    await dialog().getByRole('heading', { name: 'Create Product' }).waitFor();
    await dialog().getByRole('button', { name: 'Create Product' }).click();
    const required = await dialog().getByRole('alert').textContent();

    await dialog().getByLabel('SKU').fill('E2E-KETTLE');
    await dialog().getByLabel('Product Name').fill('E2E Kettle');
    await dialog().getByLabel('Current Price').fill('-1');
    await dialog().getByRole('button', { name: 'Create Product' }).click();
    const badPrice = await dialog().getByRole('alert').textContent();
    // A rule beyond 'a number ≥ 0' is named in its own words, the words the API uses.
    await dialog().getByLabel('Current Price').fill('12.345');
    await dialog().getByRole('button', { name: 'Create Product' }).click();
    await dialog().getByRole('alert').getByText('Current price must have at most 2 decimals').waitFor();
    const decimalsInvalid = await dialog().getByLabel('Current Price').getAttribute('aria-invalid');
    await expectAccessible(page);

    await dialog().getByLabel('Current Price').fill('49.99');
    await dialog().getByLabel('Cost (optional)').fill('-2');
    await dialog().getByRole('button', { name: 'Create Product' }).click();
    const badCost = await dialog().getByRole('alert').textContent();
    const priceInput = dialog().getByLabel('Current Price');
    const priceAttributes = [await priceInput.getAttribute('step'), await priceInput.getAttribute('min')];

    await dialog().getByLabel('Cost (optional)').fill('31.5');
    const gtinInput = dialog().getByLabel('GTIN / EAN (optional)');
    await gtinInput.fill('4006381 333932');
    await dialog().getByLabel('MPN (optional)').fill(' EK-17 ');
    await dialog().getByRole('button', { name: 'Create Product' }).click();
    const badGtin = dialog().getByRole('alert');
    const badGtinText = await badGtin.textContent();
    // The field is marked invalid and described by the message, so a screen reader reads it there.
    const gtinState = [
      await gtinInput.getAttribute('aria-invalid'),
      await gtinInput.getAttribute('aria-describedby'),
    ];
    const badGtinId = await badGtin.getAttribute('id');
    const priceStateThen = await priceInput.getAttribute('aria-invalid');
    await expectAccessible(page, dialog());

    await gtinInput.fill('4006381-333931');
    await dialog().getByRole('button', { name: 'Create Product' }).click();
    await toast('Product created successfully').waitFor();
    await dialog().waitFor({ state: 'detached' });
    await search('E2E Kettle');
    const row = page.getByRole('row', { name: /E2E Kettle/ });
    await row.waitFor();
    const rowText = await row.textContent();
    const created = await productBySku('E2E-KETTLE');

    expect(required).toBe('SKU, Name, and Current Price are required');
    expect(badPrice).toBe('Please enter a valid price');
    expect(decimalsInvalid).toBe('true');
    expect(badCost).toBe('Please enter a valid cost');
    expect(badGtinText).toBe('GTIN must be 8, 12, 13 or 14 digits with a valid check digit');
    expect(gtinState).toEqual(['true', badGtinId]);
    expect(priceStateThen).toBeNull();
    expect(priceAttributes).toEqual(['0.01', '0']);
    expect(rowText).toContain('£49.99');
    expect(rowText).toContain('£31.50');
    expect(rowText).toContain('Uncategorized');
    expect(rowText).toContain('Visible');
    expect(rowText).toContain('GTIN 4006381333931');
    expect(created).toMatchObject({
      name: 'E2E Kettle',
      current_price: 49.99,
      cost: 31.5,
      gtin: '4006381333931',
      mpn: 'EK-17',
      category_id: null,
    });

    // Edit
    await page.getByRole('button', { name: 'Edit E2E Kettle' }).click();
    await dialog().getByRole('heading', { name: 'Edit Product' }).waitFor();
    expect(await dialog().getByLabel('SKU').inputValue()).toBe('E2E-KETTLE');
    expect(await dialog().getByLabel('GTIN / EAN (optional)').inputValue()).toBe('4006381333931');
    await dialog().getByLabel('Product Name').fill('E2E Kettle Pro');
    await dialog().getByLabel('Cost (optional)').fill('');
    await dialog().getByLabel('MPN (optional)').fill('');
    await dialog().getByRole('button', { name: 'Update Product' }).click();
    await toast('Product updated successfully').waitFor();
    await page.getByRole('row', { name: /E2E Kettle Pro/ }).waitFor();
    expect(await productBySku('E2E-KETTLE')).toMatchObject({
      name: 'E2E Kettle Pro',
      cost: null,
      gtin: '4006381333931',
      mpn: null,
    });

    // Hide: the server's message, the badge and the dimmed row
    await page.getByRole('button', { name: 'Hide E2E Kettle Pro' }).click();
    await toast('Product hidden from dashboard').waitFor();
    await page.getByRole('button', { name: 'Show E2E Kettle Pro' }).waitFor();
    const hiddenRow = page.getByRole('row', { name: /E2E Kettle Pro/ });
    expect(await hiddenRow.textContent()).toContain('Hidden');
    // Dimmed with the muted text colour, not opacity, so it keeps its contrast (accessibility.e2e.ts).
    // Polled: the row's colours ease in (a CSS transition), so the first frame still has the old one.
    await expect
      .poll(() =>
        hiddenRow.evaluate((el) => getComputedStyle(el).color !== getComputedStyle(document.body).color),
      )
      .toBe(true);

    // A duplicate SKU: the server's error text replaces the generic message
    await page.getByRole('button', { name: 'Add Product' }).click();
    await dialog().getByLabel('SKU').fill('E2E-KETTLE');
    await dialog().getByLabel('Product Name').fill('Copy');
    await dialog().getByLabel('Current Price').fill('1');
    await dialog().getByRole('button', { name: 'Create Product' }).click();
    const conflict = page.locator('.Toastify').getByText(/E2E-KETTLE/);
    await conflict.waitFor();
    expect(await dialog().isVisible()).toBe(true);
    // What was typed is not saved: leaving asks first.
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await page
      .getByRole('alertdialog', { name: 'Discard unsaved changes?' })
      .getByRole('button', { name: 'Discard' })
      .click();
    await dialog().waitFor({ state: 'detached' });

    // Delete, after confirmation
    await page.getByRole('button', { name: 'Delete E2E Kettle Pro' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('E2E-KETTLE');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast('Product deleted successfully').waitFor();
    // The catalogue is empty again (this test runs first), so the first-use empty state shows.
    await page.getByText('No products found').waitFor();

    expect(await page.getByText('Create your first product or import from CSV').isVisible()).toBe(true);
    expect(await productBySku('E2E-KETTLE')).toBeUndefined();
  });
});

describe('search', () => {
  it('ranks matches by the spec scores and needs every word', async () => {
    // exact name 100+5, exact SKU 90+3, name starts 50+5, name contains 20+5, SKU contains 15+3
    await createProduct({ sku: 'RANK-A', name: 'Blue Zephyrs Lamp', current_price: 5 });
    await createProduct({ sku: 'RANK-B', name: 'Zephyr', current_price: 5 });
    await createProduct({ sku: 'ZEPHYR', name: 'Torch', current_price: 5 });
    await createProduct({ sku: 'RANK-C', name: 'Zephyr Fan', current_price: 5 });
    await createProduct({ sku: 'RK-ZEPHYR-1', name: 'Heater', current_price: 5 });
    await openProducts();

    await search('zephyr');
    await expect.poll(visibleNames).toEqual(['Zephyr', 'Torch', 'Zephyr Fan', 'Blue Zephyrs Lamp', 'Heater']);

    await search('zephyr fan');
    await expect.poll(visibleNames).toEqual(['Zephyr Fan']);

    await search('zephyr nothing');
    await page.getByText('No products match your filters').waitFor();
    expect(await page.getByText('Try adjusting your search or filter criteria').isVisible()).toBe(true);
  });
});

describe('categories', () => {
  it('creates, edits and deletes a category, whose products become uncategorized', async () => {
    await createProduct({ sku: 'CAT-1', name: 'Garden Hose', current_price: 12 });
    await openProducts();

    await page.getByRole('button', { name: 'Manage Categories' }).click();
    const manage = page.getByRole('dialog', { name: 'Manage Categories' });
    await manage.getByRole('button', { name: 'Add Category' }).click();
    const form = page.getByRole('dialog', { name: 'Create Category' });
    await form.getByRole('button', { name: 'Create Category' }).click();
    expect(await form.getByRole('alert').textContent()).toBe('Category name is required');
    await form.getByLabel('Category Name').fill('Outdoor');
    await form.getByLabel('Description (optional)').fill('Things for outside');
    await form.getByRole('button', { name: 'Create Category' }).click();
    await toast('Category created successfully').waitFor();
    const item = manage.getByRole('listitem').filter({ hasText: 'Outdoor' });
    await item.waitFor();
    expect(await item.textContent()).toContain('Things for outside');
    expect(await item.textContent()).toContain('0 products');
    await page.keyboard.press('Escape');
    await manage.waitFor({ state: 'detached' });

    // Put the product in it through the product form's category select
    await search('Garden Hose');
    await page.getByRole('button', { name: 'Edit Garden Hose' }).click();
    await dialog().getByRole('combobox', { name: 'Category (optional)' }).click();
    await page.getByRole('option', { name: 'Outdoor' }).click();
    await dialog().getByRole('button', { name: 'Update Product' }).click();
    await toast('Product updated successfully').waitFor();
    await expect
      .poll(() => page.getByRole('row', { name: /Garden Hose/ }).textContent())
      .toContain('Outdoor');

    // Rename
    await page.getByRole('button', { name: 'Manage Categories' }).click();
    await expect
      .poll(() => manage.getByRole('listitem').filter({ hasText: 'Outdoor' }).textContent())
      .toContain('1 product');
    await manage.getByRole('button', { name: 'Edit category Outdoor' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Category' });
    await edit.getByLabel('Category Name').fill('Garden');
    await edit.getByLabel('Description (optional)').fill('');
    await edit.getByRole('button', { name: 'Update Category' }).click();
    await toast('Category updated successfully').waitFor();
    await manage.getByRole('listitem').filter({ hasText: 'Garden' }).waitFor();
    const { body } = await stack.api('GET /api/categories', { token });
    expect(body.categories.find((c) => c.name === 'Garden')?.description).toBeNull();

    // Delete
    await manage.getByRole('button', { name: 'Delete category Garden' }).click();
    const confirm = page.getByRole('alertdialog');
    expect(await confirm.textContent()).toContain('Products in this category will become uncategorized.');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast('Category deleted successfully').waitFor();
    await manage.getByText('No categories yet.').waitFor();
    await page.keyboard.press('Escape');

    await expect
      .poll(() => page.getByRole('row', { name: /Garden Hose/ }).textContent())
      .toContain('Uncategorized');
    await page.getByRole('combobox', { name: 'Filter by category' }).click();
    // docs/screens.md#7-products-page: All, Uncategorized, or a category (none is left here).
    const options = await page.getByRole('option').allTextContents();
    await page.getByRole('option', { name: 'Uncategorized' }).click();
    await expect.poll(visibleNames).toEqual(['Garden Hose']);
    expect(options).toEqual(['All', 'Uncategorized']);
    expect((await productBySku('CAT-1'))?.category_id).toBeNull();
  });
});

describe('CSV import', () => {
  it('checks the file, imports the good rows and lists the 2 bad ones', async () => {
    await openProducts();
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const importDialog = page.getByRole('dialog', { name: 'Import Products' });

    const download = page.waitForEvent('download');
    await importDialog.getByRole('link', { name: 'Download template' }).click();
    const template = await download;
    const templateText = await readFile((await template.path()) ?? '', 'utf8');

    await importDialog.getByRole('button', { name: 'Preview' }).click();
    const noFile = await importDialog.getByRole('alert').textContent();
    await importDialog
      .getByLabel('CSV file')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await importDialog.getByRole('button', { name: 'Preview' }).click();
    await expect.poll(() => importDialog.getByRole('alert').textContent()).toBe('Please select a CSV file');
    // Over the upload's limit: refused here, naming the limit, and never uploaded.
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (/^\/api\/(products\/import|imports\/uploads)/.test(new URL(request.url()).pathname))
        uploads.push(request.url());
    });
    // As a file: the browser driver takes at most 50 MB in memory.
    const big = join(await mkdtemp(join(tmpdir(), 'cmp-big-')), 'big.csv');
    await writeFile(big, Buffer.alloc(MAX_LARGE_UPLOAD_BYTES + 1, 'a'));
    await importDialog.getByLabel('CSV file').setInputFiles(big);
    await importDialog.getByRole('button', { name: 'Preview' }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => importDialog.getByRole('alert').textContent())
      .toBe('The file is larger than 50 MB');
    const fileInvalid = await importDialog.getByLabel('CSV file').getAttribute('aria-invalid');
    await expectAccessible(page);
    const uploadsOfTheLargeFile = uploads.length;
    const description = await importDialog.getByText(/^Columns: /).textContent();

    const csv = [
      'SKU,Product Name,Current Price,Cost,Category',
      'IMP-1,Imported One,10.00,5,Imports',
      'IMP-2,Imported Two,abc,,',
      'IMP-3,Imported Three,12.50,,',
      ',No Sku,3,,',
      'IMP-4,Imported Four,7,,Imports',
    ].join('\n');
    await importDialog
      .getByLabel('CSV file')
      .setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await importDialog.getByRole('button', { name: 'Preview' }).click();
    await importDialog.getByRole('button', { name: 'Import' }).click();

    await toast(/^Imported 3 products$/).waitFor();
    const skipped = toast(/^Skipped rows: /);
    await skipped.waitFor();
    const skippedText = await skipped.textContent();
    await importDialog.waitFor({ state: 'detached' });
    await search('imported');
    await expect
      .poll(async () => (await visibleNames()).sort())
      .toEqual(['Imported Four', 'Imported One', 'Imported Three']);

    expect(templateText).toBe(PRODUCT_CSV_TEMPLATE);
    expect(template.suggestedFilename()).toBe('products-template.csv');
    expect(noFile).toBe('Please select a file');
    expect(fileInvalid).toBe('true');
    expect(uploadsOfTheLargeFile).toBe(0);
    // The dialog names every column of the template, GTIN and MPN included.
    const templateColumns = templateText.split('\n')[0]?.split(',') ?? [];
    expect(templateColumns).toEqual([
      'SKU',
      'Product Name',
      'Current Price',
      'Cost',
      'Category',
      'GTIN',
      'MPN',
    ]);
    for (const column of templateColumns) expect(description).toContain(column);
    expect(description).toContain('GTIN (optional), MPN (optional)');
    expect(skippedText).toMatch(/^Skipped rows: Row 3: [^;]+; Row 5: .+$/);
    expect(skippedText).not.toContain(' more');
  });
  it('sends a file over 2 MiB straight to storage, previews and imports it from there', async () => {
    // 4 products, and a notes column the import ignores, 600 KB a row: 2.4 MB in all.
    const notes = 'n'.repeat(600_000);
    const csv = [
      'SKU,Product Name,Current Price,Notes',
      ...[1, 2, 3, 4].map((n) => `BIG-${n},Big file product ${n},${n}0,${notes}`),
    ].join('\n');
    const sent: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.method() === 'POST')
        sent.push(`${url.origin === stack.url ? '' : 'storage '}${url.pathname}`);
    });
    await openProducts();
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const importDialog = page.getByRole('dialog', { name: 'Import Products' });
    await importDialog
      .getByLabel('CSV file')
      .setInputFiles({ name: 'big-products.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await importDialog.getByRole('button', { name: 'Preview' }).click();
    await importDialog.getByText('BIG-4').waitFor();
    await importDialog.getByRole('button', { name: 'Import' }).click();
    await toast(/^Successfully imported 4 products$/).waitFor();
    await importDialog.waitFor({ state: 'detached' });
    await search('big file product');

    await expect.poll(async () => (await visibleNames()).length).toBe(4);
    expect(Buffer.byteLength(csv)).toBeGreaterThan(MAX_UPLOAD_BYTES);
    // One upload per request that needs the file: the preview's, then the import's.
    expect(sent.filter((post) => post !== '/api/auth/login')).toEqual([
      '/api/imports/uploads',
      expect.stringMatching(/^storage \/check-my-price-local-data$/),
      '/api/products/import/preview',
      '/api/imports/uploads',
      expect.stringMatching(/^storage \/check-my-price-local-data$/),
      '/api/products/import',
    ]);
  });
});

describe('CSV import preview', () => {
  const csv = [
    'SKU,Product Name,Current Price,Cost,Category',
    'prev-1,Renamed Kettle,9.99,20,Garden Tools',
    'PREV-2,Brand New Lamp,12.50,,',
    'PREV-3,Bad price,abc,,',
  ].join('\n');
  const chooseFile = (dialog: ReturnType<Page['getByRole']>) =>
    dialog
      .getByLabel('CSV file')
      .setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

  it('shows new products, old → new values, new categories and row errors; Cancel writes nothing, Import applies', async () => {
    await createProduct({ sku: 'PREV-1', name: 'Kettle', current_price: 34.99, cost: 20, category_id: null });
    await openProducts();
    const importDialog = page.getByRole('dialog', { name: 'Import Products' });

    // By keyboard: choose the file, then Enter on 'Preview'
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await chooseFile(importDialog);
    await importDialog.getByRole('button', { name: 'Preview' }).focus();
    await page.keyboard.press('Enter');
    const previewRegion = importDialog.getByRole('region', { name: 'Preview' });
    await previewRegion.getByText('Row 4: Current Price must be a number ≥ 0').waitFor();
    const previewText = await previewRegion.textContent();
    await expectAccessible(page, importDialog);
    const download = page.waitForEvent('download');
    await importDialog.getByRole('link', { name: 'Download row errors (CSV)' }).click();
    const errorsFile = await download;
    const errorsCsv = await readFile((await errorsFile.path()) ?? '', 'utf8');
    await importDialog.getByRole('button', { name: 'Cancel' }).click();
    await importDialog.waitFor({ state: 'detached' });
    const afterCancel = await productBySku('PREV-1');
    const lampAfterCancel = await productBySku('PREV-2');

    await page.getByRole('button', { name: 'Import CSV' }).click();
    await chooseFile(importDialog);
    await importDialog.getByRole('button', { name: 'Preview' }).click();
    await importDialog.getByRole('button', { name: 'Import' }).click();
    await toast(/^Imported 2 products$/).waitFor();
    await importDialog.waitFor({ state: 'detached' });

    expect(previewText).toContain('1 new, 1 changed, 0 unchanged.');
    expect(previewText).toContain('New categories: Garden Tools');
    expect(previewText).toContain('PREV-2 Brand New Lamp, £12.50');
    expect(previewText).toContain('PREV-1 Kettle');
    expect(previewText).toContain('Name: Kettle → Renamed Kettle');
    expect(previewText).toContain('Price: £34.99 → £9.99');
    expect(previewText).toContain('Category: (none) → Garden Tools');
    expect(previewText).toContain('Row errors (1)');
    expect(errorsFile.suggestedFilename()).toBe('import-row-errors.csv');
    expect(errorsCsv).toBe('\uFEFFRow,SKU,Message\r\n4,PREV-3,Current Price must be a number ≥ 0\r\n');
    expect(afterCancel).toEqual(expect.objectContaining({ name: 'Kettle', current_price: 34.99 }));
    expect(lampAfterCancel).toBeUndefined();
    expect(await productBySku('PREV-1')).toEqual(
      expect.objectContaining({ name: 'Renamed Kettle', current_price: 9.99 }),
    );
    expect(await productBySku('PREV-2')).toEqual(expect.objectContaining({ name: 'Brand New Lamp' }));
  });
});

describe('pagination', () => {
  it('pages 45 products 20 at a time and returns to page 1 when the filter changes', async () => {
    const rows = Array.from(
      { length: 45 },
      (_, i) => `PAGE-${String(i + 1).padStart(2, '0')},Pageable ${i + 1},1.00,,`,
    );
    const { status } = await stack.upload('POST /api/products/import', token, {
      name: 'page.csv',
      content: ['SKU,Product Name,Current Price,Cost,Category', ...rows].join('\n'),
    });
    expect(status).toBe(200);
    await openProducts();
    await search('pageable');

    await page.getByText('Showing 1 to 20 of 45 products').waitFor();
    const pageButtons = await page
      .getByRole('navigation', { name: 'Pagination' })
      .getByRole('button', { name: /^Page / })
      .allTextContents();
    expect(await page.locator('tbody tr').count()).toBe(20);
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Showing 21 to 40 of 45 products').waitFor();
    await page.getByRole('button', { name: 'Page 3' }).click();
    await page.getByText('Showing 41 to 45 of 45 products').waitFor();
    const lastPageRows = await page.locator('tbody tr').count();
    const nextDisabled = await page.getByRole('button', { name: 'Next' }).isDisabled();

    // Every pageable product is uncategorized, so only the page changes
    await page.getByRole('combobox', { name: 'Filter by category' }).click();
    await page.getByRole('option', { name: 'Uncategorized' }).click();
    await page.getByText('Showing 1 to 20 of 45 products').waitFor();
    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.getByText('Showing 21 to 40 of 45 products').waitFor();
    await search('pageable ');
    await page.getByText('Showing 1 to 20 of 45 products').waitFor();

    expect(pageButtons).toEqual(['1', '2', '3']);
    expect(lastPageRows).toBe(5);
    expect(nextDisabled).toBe(true);
  });
});
