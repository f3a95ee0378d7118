import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_LARGE_UPLOAD_BYTES, MAX_UPLOAD_BYTES, PRODUCT_CSV_TEMPLATE } from '@cmp/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe';
import { productsPage } from '../support/products-page';

/** The Products page's CSV import: its checks, its preview, and large files sent through storage. */
const { page, stack, openProducts, createProduct, productBySku, toast, search, visibleNames } =
  await productsPage();

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
    // The dialog names every column of the template, GTIN, MPN and Brand included.
    const templateColumns = templateText.split('\n')[0]?.split(',') ?? [];
    expect(templateColumns).toEqual([
      'SKU',
      'Product Name',
      'Current Price',
      'Cost',
      'Category',
      'GTIN',
      'MPN',
      'Brand',
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

  it('lists the first 500 new products of a long file and says how many more it has', async () => {
    const rows = Array.from({ length: 1_234 }, (_, n) => `LONG-${n},Long file product ${n},5`);
    await openProducts();
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const importDialog = page.getByRole('dialog', { name: 'Import Products' });
    await importDialog.getByLabel('CSV file').setInputFiles({
      name: 'long.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(['SKU,Product Name,Current Price', ...rows].join('\n')),
    });
    await importDialog.getByRole('button', { name: 'Preview' }).click();
    const newProducts = importDialog.getByRole('list', { name: 'New products (1234)' });
    await newProducts.waitFor();
    const listed = await newProducts.getByRole('listitem').count();
    const more = await importDialog.getByText(/^Listing the first 500; /).textContent();
    await importDialog.getByRole('button', { name: 'Cancel' }).click();

    expect(listed).toBe(500);
    expect(more).toBe('Listing the first 500; the file has 734 more.');
  });
});
