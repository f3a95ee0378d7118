import { readFile } from 'node:fs/promises';
import { COMPETITOR_CSV_TEMPLATE, outcomeOfLegacyCheck } from '@cmp/shared';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe';
import { openSignedIn } from '../support/browser';
import { useBrowserPage } from '../support/browser-fixture';
import { startTestStack, type TestStack } from '../support/test-stack';

let stack: TestStack;
let token: string;

const page = useBrowserPage({ acceptDownloads: true });
beforeAll(async () => {
  // Every import here becomes a job (the answer waits 0 s): the dialog follows it to its end.
  stack = await startTestStack({ serveWeb: true, env: { IMPORT_ANSWER_WAIT_SECONDS: '0' } });
  token = await stack.login();
});
afterAll(() => stack?.stop());

async function openCompetitors() {
  await openSignedIn(page, stack.url, '/competitors');
  await page.getByRole('heading', { name: 'Competitor URLs' }).waitFor();
}

const toast = (text: string | RegExp) => page.locator('.Toastify').getByText(text);
const dialog = () => page.getByRole('dialog');

async function seed<T>(path: string, body: Record<string, unknown>): Promise<T> {
  const { status, body: answer } = await stack.send<T>('POST', path, { token, body });
  if (status !== 201) throw new Error(`seed ${path} failed ${status}: ${JSON.stringify(answer)}`);
  return answer;
}

const seedProduct = async (sku: string, name: string, current_price: number) =>
  (await seed<{ product: { id: number } }>('/api/products', { sku, name, current_price })).product;

const seedCompetitor = async (product_id: number, competitor_name: string, url: string) =>
  (
    await seed<{ competitorUrl: { id: number } }>('/api/competitor-urls', {
      product_id,
      competitor_name,
      url,
    })
  ).competitorUrl;

/** The text colour an element is drawn in. */
const colourOf = (target: Locator) => target.evaluate((element) => getComputedStyle(element).color);

/** The colour a utility class such as 'text-warning' paints with on this page. */
const colourOfClass = (className: string) =>
  page.evaluate((name) => {
    const probe = document.body.appendChild(document.createElement('span'));
    probe.className = name;
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  }, className);

async function competitorUrls() {
  const { body } = await stack.api('GET /api/competitor-urls', { token });
  return body.competitorUrls;
}

/** Price records as a scrape run writes them (no API creates them), through the same repository. */
async function writePriceRecords(
  urlId: number,
  productId: number,
  records: { day: number; price: number | null; in_stock: boolean | null }[],
) {
  const { putPriceRecord } = await import('@cmp/functions/data/price-record.repository');
  for (const { day, price, in_stock } of records) {
    const scraped_at = `2026-01-${String(day).padStart(2, '0')}T09:30:00.000Z`;
    await putPriceRecord({
      run_id: `202601${String(day).padStart(2, '0')}T093000000Z-e2e`,
      competitor_url_id: urlId,
      product_id: productId,
      competitor_name: 'Argos',
      competitor_url: 'https://www.argos.co.uk/p/kettle',
      price,
      currency: 'GBP',
      in_stock,
      confidence: 0.9,
      scraped_at,
      error_message: null,
      llm_response: null,
      ...outcomeOfLegacyCheck({ price, error_message: null }),
    });
  }
}

describe('adding, editing and deleting a competitor URL', () => {
  it('shows the form messages, saves, edits and deletes with the spec toasts', async () => {
    await seedProduct('COMP-1', 'Comp Kettle', 50);
    await openCompetitors();
    await page.getByText('No competitor URLs found').waitFor();

    await page.getByRole('button', { name: 'Add Competitor' }).click();
    await dialog().getByRole('heading', { name: 'Add Competitor URL' }).waitFor();
    await dialog().getByRole('button', { name: 'Add Competitor' }).click();
    const required = await dialog().getByRole('alert').textContent();

    await dialog().getByRole('combobox', { name: 'Product' }).click();
    await page.getByRole('option', { name: 'Comp Kettle (COMP-1)' }).click();
    await dialog().getByLabel('URL').fill('argos.co.uk/kettle');
    await dialog().getByLabel('Competitor Name').fill('Argos');
    await dialog().getByRole('button', { name: 'Add Competitor' }).click();
    await expect.poll(() => dialog().getByRole('alert').textContent()).toBe('Please enter a valid URL');

    const url = 'https://www.argos.co.uk/product/comp-kettle-1-7-litre-brushed-steel-123456';
    await dialog().getByLabel('URL').fill(url);
    await dialog().getByRole('button', { name: 'Add Competitor' }).click();
    await toast('Competitor URL created successfully').waitFor();
    await dialog().waitFor({ state: 'detached' });

    const row = page.getByRole('row', { name: /Comp Kettle/ });
    await row.waitFor();
    const link = row.getByRole('link');
    const cells = await row.locator('td').allTextContents();

    expect(required).toBe('All fields are required');
    expect(cells[0]).toBe('Comp KettleCOMP-1');
    expect(cells[1]).toBe('argos.co.uk');
    expect(await link.getAttribute('href')).toBe(url);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await link.textContent()).toContain(`${url.slice(0, 50)}...`);
    expect(
      await row.getByRole('button', { name: 'argos.co.uk: prices from Argos for Comp Kettle' }).isVisible(),
    ).toBe(true);
    expect((await competitorUrls())[0]).toMatchObject({ competitor_name: 'Argos', url });

    // Edit
    await page.getByRole('button', { name: 'Edit Argos for Comp Kettle' }).click();
    await dialog().getByRole('heading', { name: 'Edit Competitor URL' }).waitFor();
    expect(await dialog().getByLabel('URL').inputValue()).toBe(url);
    await dialog().getByLabel('Competitor Name').fill('Argos UK');
    await dialog().getByRole('button', { name: 'Update' }).click();
    await toast('Competitor URL updated successfully').waitFor();
    await page.getByRole('button', { name: 'Delete Argos UK for Comp Kettle' }).waitFor();

    // Delete: the confirmation says the price data goes too
    await page.getByRole('button', { name: 'Delete Argos UK for Comp Kettle' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.waitFor();
    const warning = await confirm.textContent();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast('Competitor URL deleted successfully').waitFor();
    await page.getByText('No competitor URLs found').waitFor();

    expect(warning).toContain('price data');
    expect(await competitorUrls()).toEqual([]);
  });

  it('suggests the host as the competitor name from the URL', async () => {
    await openCompetitors();
    await page.getByRole('button', { name: 'Add Competitor' }).click();
    await dialog().getByLabel('URL').fill('https://www.currys.co.uk/p/123');
    await dialog().getByLabel('Competitor Name').focus();

    expect(await dialog().getByLabel('Competitor Name').inputValue()).toBe('currys.co.uk');
  });
});

describe('the price dialog', () => {
  it('shows the latest price and trend, stock, our price, the comparison and the latest 5 records', async () => {
    const product = await seedProduct('PRICE-1', 'Price Kettle', 50);
    const watched = await seedCompetitor(product.id, 'Argos', 'https://www.argos.co.uk/p/kettle');
    await writePriceRecords(watched.id, product.id, [
      { day: 1, price: 60, in_stock: true },
      { day: 2, price: 58, in_stock: true },
      { day: 3, price: 55, in_stock: false },
      { day: 4, price: 52, in_stock: null },
      { day: 5, price: 47.5, in_stock: true },
      { day: 6, price: 45, in_stock: true },
    ]);
    await openCompetitors();

    await page.getByRole('button', { name: 'argos.co.uk: prices from Argos for Price Kettle' }).click();
    const prices = page.getByRole('dialog', { name: 'Argos' });
    await prices.getByText('Competitor is £5.00 cheaper').waitFor();
    const facts = await prices.locator('dl').textContent();
    const history = await prices.locator('tbody tr').allTextContents();
    const visit = prices.getByRole('link', { name: 'Visit Store' });

    expect(facts).toContain('£45.00');
    const trend = prices.getByRole('img', { name: "Competitor's price went down" });
    expect(await trend.isVisible()).toBe(true);
    // A competitor's cut is a warning to the shop, never good news.
    expect(await colourOf(trend.locator('svg'))).toBe(await colourOfClass('text-warning'));
    expect(facts).toContain('Their latest price against our current price');
    expect(facts).toContain('In stock');
    expect(facts).toMatch(/Last updated\s*Jan 6, 2026/);
    expect(facts).toContain('£50.00');
    expect(history).toHaveLength(5);
    expect(history[0]).toMatch(/^Jan 6, 2026.*£45\.00In stock$/);
    expect(history[2]).toMatch(/£52\.00Unknown$/);
    expect(history[4]).toMatch(/^Jan 2, 2026.*£58\.00In stock$/);
    expect(await visit.getAttribute('href')).toBe('https://www.argos.co.uk/p/kettle');
    expect(await visit.getAttribute('target')).toBe('_blank');
  });

  it("says 'Never' and Unknown for a URL without prices", async () => {
    const product = await seedProduct('PRICE-2', 'Quiet Toaster', 20);
    await seedCompetitor(product.id, 'Currys', 'https://www.currys.co.uk/p/toaster');
    await openCompetitors();

    await page.getByRole('button', { name: /^currys\.co\.uk: prices from Currys for Quiet Toaster/ }).click();
    const prices = page.getByRole('dialog', { name: 'Currys' });
    await prices.getByText('No prices recorded yet.').waitFor();
    const facts = await prices.locator('dl').textContent();

    expect(facts).toContain('Never');
    expect(facts).toContain('Unknown');
    expect(facts).toContain('N/A');
    expect(await prices.getByRole('img', { name: 'Not enough data for a trend' }).isVisible()).toBe(true);
  });
});

describe('CSV import', () => {
  it('follows the import to its end, then imports the good URLs and lists the 2 bad rows', async () => {
    await seedProduct('IMP-C1', 'Import Kettle', 30);
    await seedProduct('IMP-C2', 'Import Toaster', 25);
    await openCompetitors();
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const importDialog = page.getByRole('dialog', { name: 'Import Competitor URLs' });

    const download = page.waitForEvent('download');
    await importDialog.getByRole('link', { name: 'Download template' }).click();
    const templateText = await readFile((await (await download).path()) ?? '', 'utf8');

    const csv = [
      'SKU,Shop A,Shop B',
      'IMP-C1,https://www.shop-a.example.com/kettle,https://shop-b.example.com/k',
      'NO-SUCH-SKU,https://www.shop-a.example.com/x,',
      'IMP-C2,not a url,',
    ].join('\n');
    await importDialog
      .getByLabel('CSV file')
      .setInputFiles({ name: 'competitors.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    // The dialog's first look at the job waits until its progress has been checked.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/imports/*', async (route) => {
      await held;
      await route.continue();
    });
    await importDialog.getByRole('button', { name: 'Import' }).click();
    const progress = importDialog.getByRole('status');
    await progress.waitFor();
    const progressText = await progress.textContent();
    const progressBar = await importDialog.getByRole('progressbar', { name: progressText ?? '' }).count();
    await expectAccessible(page, importDialog);
    // The footer's button (the dialog's corner one is 'Close' too).
    const closeLabel = await importDialog.locator('form').getByRole('button', { name: 'Close' }).isEnabled();
    release();

    await toast(/^Imported 2 competitor URLs$/).waitFor();
    const skipped = toast(/^Skipped rows: /);
    await skipped.waitFor();
    const skippedText = await skipped.textContent();
    await page.getByRole('row', { name: /shop-b\.example\.com/ }).waitFor();

    expect(templateText).toBe(COMPETITOR_CSV_TEMPLATE);
    expect(progressText).toBe('Waiting to start: 3 rows');
    expect(progressBar).toBe(1);
    expect(closeLabel).toBe(true);
    expect(skippedText).toMatch(/^Skipped rows: Row 3: [^;]+; Row 4: .+$/);
  });
});

describe('pagination', () => {
  it("pages the URLs 20 at a time with 'competitor URLs' wording", async () => {
    await seedProduct('PAGE-C', 'Paged Product', 10);
    const rows = Array.from({ length: 45 }, (_, i) => `PAGE-C,https://shop${i + 1}.example.com/p`);
    const { status, body } = await stack.upload('POST /api/competitor-urls/import', token, {
      name: 'urls.csv',
      content: ['SKU,URL', ...rows].join('\n'),
    });
    expect(status).toBe(202);
    if (!('import' in body)) throw new Error(`The import answered at once: ${JSON.stringify(body)}`);
    const job = () => stack.api('GET /api/imports/{id}', { token, params: { id: body.import.id } });
    await expect.poll(async () => (await job()).body.import.status, { timeout: 30_000 }).toBe('completed');
    const total = (await competitorUrls()).length;
    await openCompetitors();

    await page.getByText(`Showing 1 to 20 of ${total} competitor URLs`).waitFor();
    expect(await page.locator('tbody tr').count()).toBe(20);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(`Showing 21 to 40 of ${total} competitor URLs`).waitFor();

    expect(total).toBeGreaterThanOrEqual(45);
  });
});
