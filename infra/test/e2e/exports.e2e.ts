import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../../functions/src/catalogue/csv/csv-parse';
import { expectAccessible } from '../support/axe';
import { choose, openDashboard, productRow, visibleSkus } from '../support/dashboard-page';
import { dashboardScene } from '../support/dashboard-scene';

/**
 * The CSV downloads in the browser (docs/screens.md): the dashboard's 'Export CSV' with the table's
 * filters, the Competitors page's, and a product's price history from the competitor prices dialog.
 * Each file is caught as the browser saves it and parsed.
 */
const scene = await dashboardScene();
const { stack, page } = scene;

const today = () => new Date().toISOString().slice(0, 10);

/** Clicks `button` and resolves with the saved file's name and its records (header first). */
async function downloadBy(button: ReturnType<Page['getByRole']>) {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const text = await readFile(await download.path(), 'utf8');
  return {
    name: download.suggestedFilename(),
    /** Where the browser fetched it from: `blob:` for a file in the answer, else the link the answer gave. */
    from: download.url(),
    text,
    records: parseCsv(text.replace(/^\uFEFF/, '')),
  };
}

describe('exports', () => {
  it("'Export CSV' on the dashboard saves the rows the filters keep, as a dated UTF-8 file with a BOM", async () => {
    await openDashboard(page, stack.url);
    await choose(page, 'Filter by status', 'Higher Price');
    // The server filters: the table shows the filtered page once it has come.
    await page.getByText('Showing 1 to 2 of 2 products').waitFor();
    const shown = await visibleSkus(page);

    const file = await downloadBy(page.getByRole('button', { name: 'Export CSV' }));

    expect(file.name).toBe(`dashboard-${today()}.csv`);
    expect(file.from).toMatch(/^blob:/);
    expect(file.text.startsWith('\uFEFFSKU,Name,Category,Our price,')).toBe(true);
    expect(file.text).toContain('\r\n');
    expect(file.records.slice(1).map((record) => record[0])).toEqual(shown);
    expect(file.records.find((record) => record[0] === 'ALPHA-HIGH')?.slice(0, 12)).toEqual([
      'ALPHA-HIGH',
      'Alpha Kettle',
      'Kitchen',
      '50',
      '40',
      '10',
      '25',
      '44.99',
      'Shop /p/44',
      'HIGHER',
      '5.01',
      '11.14',
    ]);
    await expectAccessible(page);
  });

  it("'Export CSV' on the Competitors page saves every competitor URL with its last check, through a link once the file is large", async () => {
    await openDashboard(page, stack.url);
    await page.getByRole('link', { name: 'Competitors' }).click();
    await page.getByRole('heading', { name: 'Competitor URLs' }).waitFor();

    const file = await downloadBy(page.getByRole('button', { name: 'Export CSV' }));

    expect(file.name).toBe(`competitor-urls-${today()}.csv`);
    // Past the link threshold (1 KB in this scene, 5 MB on AWS): fetched from the data bucket's link.
    expect(new URL(file.from).pathname).toMatch(/^\/check-my-price-local-data\/exports\/[\w-]+\.csv$/);
    expect(file.text.length).toBeGreaterThan(1024);
    expect(file.records[0]?.slice(0, 5)).toEqual([
      'SKU',
      'Product',
      'Competitor',
      'URL',
      'Last check outcome',
    ]);
    expect(file.records.slice(1).map((record) => record[0])).toContain('ECHO-EURO');
    await expectAccessible(page);
  });

  it("the competitor prices dialog saves the product's price history, by keyboard too", async () => {
    await openDashboard(page, stack.url);
    await productRow(page, 'ALPHA-HIGH').getByRole('button', { name: '2 of 2 with data' }).click();
    const dialog = page.getByRole('dialog');
    const button = dialog.getByRole('button', { name: 'Download price history (CSV)' });
    await button.focus();

    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    const records = parseCsv((await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, ''));

    expect(download.suggestedFilename()).toBe(`price-history-ALPHA-HIGH-${today()}.csv`);
    expect(records[0]).toEqual([
      'Checked at',
      'Competitor',
      'URL',
      'Price',
      'Currency',
      'In stock',
      'Confidence',
      'Outcome',
      'Message',
      'Old price',
      'Changed by',
    ]);
    expect(
      records
        .slice(1)
        .map((record) => [record[1], record[3]])
        .sort(),
    ).toEqual([
      ['Shop /p/44', '44.99'],
      ['Shop /p/47', '47.99'],
    ]);
    await expectAccessible(page, dialog);
  });
});
