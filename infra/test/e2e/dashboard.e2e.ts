import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe';
import {
  choose as chooseOption,
  openDashboard as openDashboardAs,
  openRowMenu,
  pageSummary,
  productRow,
  visibleSkus as skusOnScreen,
} from '../support/dashboard-page';
import { dashboardScene } from '../support/dashboard-scene';

/**
 * The dashboard journey on the shared catalogue of 45 products (support/dashboard-scene.ts):
 * statuses, filters, sorting, paging, the dialogs, hiding and deleting.
 */
const scene = await dashboardScene();
const { shop, stack, token, page } = scene;

const openDashboard = () => openDashboardAs(page, stack.url);

const toast = (text: string | RegExp) => page.locator('.Toastify').getByText(text);
const dialog = () => page.getByRole('dialog');
const summary = () => pageSummary(page);
const row = (sku: string) => productRow(page, sku);
const visibleSkus = () => skusOnScreen(page);

const choose = (selectName: string, option: string) => chooseOption(page, selectName, option);

const openMenu = (sku: string, item: string) => openRowMenu(page, sku, item);

describe('the price overview', () => {
  it('shows the five stat cards and each product’s prices, margin, best competitor and status', async () => {
    await openDashboard();
    const cards = page.getByRole('region', { name: 'Overview' });

    const cardsText = await cards.textContent();
    const alpha = await row('ALPHA-HIGH').textContent();
    const bestLink = row('ALPHA-HIGH').getByRole('link', { name: '127.0.0.1' });

    expect(cardsText).toContain('Total Products45');
    expect(cardsText).toContain('Competitor URLs9');
    expect(cardsText).toContain('Last ScrapingNever');
    expect(cardsText).toMatch(/Success Rate\d+\.\d%\d+ recent attempts/);
    expect(cardsText).toContain('Undercut since last run0');
    expect(alpha).toContain('£50.00');
    expect(alpha).toContain('£40.00');
    expect(alpha).toContain('£10.00');
    expect(alpha).toContain('25.0%');
    expect(alpha).toContain('£44.99');
    expect(alpha).toContain('Higher Price');
    expect(alpha).toContain('+£5.01');
    expect(alpha).toContain('+11.1%');
    expect(alpha).toContain('2 of 2 with data');
    expect(await bestLink.getAttribute('href')).toBe(`${shop.origin}/p/44`);
    expect(await row('BRAVO-LOW').textContent()).toContain('Lower Price');
    expect(await row('BRAVO-LOW').textContent()).toContain('-£0.99');
    expect(await row('CHARLIE-SAME').textContent()).toContain('Same Price');
    expect(await row('CHARLIE-SAME').textContent()).toContain('0.0%');
    expect(await row('DELTA-NONE').textContent()).toContain('No Data');
    expect(await row('DELTA-NONE').textContent()).toContain('0 of 1 with data');
    // Whose price the status speaks of, so it cannot be read the other way.
    await page
      .getByRole('table')
      .locator('caption')
      .getByText('Status and Difference compare our price with the lowest competitor price, in stock or not.')
      .waitFor();
    expect(await row('ALPHA-HIGH').getByText('Higher Price').getAttribute('title')).toBe(
      "Our price is higher than the lowest competitor's",
    );
  });

  it('opens the best competitor in a 1200x800 popup', async () => {
    await openDashboard();
    await page.evaluate(() => {
      const calls: unknown[][] = [];
      (window as unknown as { __opened: unknown[][] }).__opened = calls;
      window.open = (...args: unknown[]) => {
        calls.push(args);
        return null;
      };
    });

    await row('ALPHA-HIGH').getByRole('link', { name: '127.0.0.1' }).click();
    await openMenu('BRAVO-LOW', 'Search on Google');
    const opened = await page.evaluate(() => (window as unknown as { __opened: unknown[][] }).__opened);

    expect(opened).toEqual([
      [`${shop.origin}/p/44`, '_blank', 'width=1200,height=800,left=100,top=100'],
      [
        'https://www.google.com/search?q=BRAVO-LOW%20Bravo%20Toaster',
        '_blank',
        'width=1200,height=800,left=100,top=100',
      ],
    ]);
  });

  it('pages through 45 products, 20 at a time', async () => {
    await openDashboard();
    const shows = (text: string) => expect.poll(() => summary().textContent()).toBe(text);
    await shows('Showing 1 to 20 of 45 products');
    const firstRows = await visibleSkus();

    // The server cuts each page: the table shows it once it has come.
    await page.getByRole('button', { name: 'Page 3' }).click();
    await shows('Showing 41 to 45 of 45 products');
    const lastRows = await visibleSkus();
    await page.getByRole('button', { name: 'Previous' }).click();
    await shows('Showing 21 to 40 of 45 products');
    const middleRows = await visibleSkus();

    expect(firstRows).toHaveLength(20);
    expect(lastRows).toHaveLength(5);
    expect(middleRows).toHaveLength(20);
    expect(new Set([...firstRows, ...middleRows, ...lastRows]).size).toBe(45);
  });

  it('filters by status, category and words, returning to page 1 on every change', async () => {
    await openDashboard();
    await page.getByRole('button', { name: 'Page 2' }).click();
    const shows = (text: string) => expect.poll(() => summary().textContent()).toBe(text);

    await choose('Filter by status', 'Higher Price');
    await shows('Showing 1 to 2 of 2 products');
    const higher = await visibleSkus();
    await choose('Filter by status', 'No Data');
    await shows('Showing 1 to 20 of 40 products');
    await choose('Filter by status', 'All Status');
    await choose('Filter by category', 'Kitchen');
    await shows('Showing 1 to 1 of 1 products');
    const kitchen = await visibleSkus();
    await choose('Filter by category', 'Uncategorized');
    await shows('Showing 1 to 20 of 44 products');
    await choose('Filter by category', 'All Categories');
    await page.getByRole('searchbox', { name: 'Search products' }).fill('toaster BRAVO');
    await expect.poll(visibleSkus).toEqual(['BRAVO-LOW']);
    await page.getByRole('searchbox', { name: 'Search products' }).fill('toaster kettle');
    await page.getByText('No products match your filters').waitFor();

    expect(higher).toEqual(['ALPHA-HIGH', 'FOXTROT-RUN']);
    expect(kitchen).toEqual(['ALPHA-HIGH']);
  });

  it('sorts by difference and by status both ways, products without data last', async () => {
    await openDashboard();
    const differenceHeader = page.getByRole('columnheader', { name: /Difference/ });
    const firstFive = async () => (await visibleSkus()).slice(0, 5);

    await differenceHeader.getByRole('button').click();
    await expect
      .poll(firstFive)
      .toEqual(['ECHO-EURO', 'BRAVO-LOW', 'CHARLIE-SAME', 'FOXTROT-RUN', 'ALPHA-HIGH']);
    const ascendingSort = await differenceHeader.getAttribute('aria-sort');
    await differenceHeader.getByRole('button').click();
    await expect
      .poll(firstFive)
      .toEqual(['ALPHA-HIGH', 'FOXTROT-RUN', 'CHARLIE-SAME', 'BRAVO-LOW', 'ECHO-EURO']);
    await page
      .getByRole('columnheader', { name: /Status/ })
      .getByRole('button')
      .click();
    await expect
      .poll(firstFive)
      .toEqual(['BRAVO-LOW', 'ECHO-EURO', 'CHARLIE-SAME', 'ALPHA-HIGH', 'FOXTROT-RUN']);
    await page.getByRole('button', { name: 'Page 3' }).click();
    await expect.poll(() => summary().textContent()).toBe('Showing 41 to 45 of 45 products');
    const lastPage = await visibleSkus();

    expect(ascendingSort).toBe('ascending');
    expect(await differenceHeader.getAttribute('aria-sort')).toBe('none');
    expect(lastPage).not.toContain('ALPHA-HIGH');
  });
});

describe('the dialogs', () => {
  it('lists competitor prices dearest first, compared with ours, with a price history chart', async () => {
    await openDashboard();

    await row('ECHO-EURO').getByRole('button', { name: '2 of 2 with data' }).click();
    await dialog().getByRole('heading', { name: 'Competitor Prices' }).waitFor();
    await dialog()
      .getByRole('figure', { name: /^Price history of/ })
      .first()
      .waitFor();
    const items = await dialog().getByRole('listitem').allTextContents();
    await page.keyboard.press('Escape');
    await row('CHARLIE-SAME').getByRole('button', { name: '1 of 2 with data' }).click();
    await dialog().getByText('Prices are equal').waitFor();
    const charlie = await dialog().getByRole('listitem').allTextContents();
    await page.keyboard.press('Escape');
    await row('DELTA-NONE').getByRole('button', { name: '0 of 1 with data' }).click();
    await dialog().getByText('No competitor data available').waitFor();

    expect(items).toHaveLength(2);
    expect(items[0]).toContain('£41.99');
    expect(items[0]).toContain('Higher by £1.99');
    expect(items[0]).toContain("The competitor's price against ours");
    expect(items[0]).toContain('In Stock');
    expect(items[1]).toContain('€20.00');
    expect(items[1]).toContain('Not compared: price in EUR');
    expect(charlie).toHaveLength(1);
  });

  it('shows the latest AI analysis with its summary, answer and evidence', async () => {
    await openDashboard();

    await openMenu('ALPHA-HIGH', 'View AI Analysis');
    await dialog().getByRole('heading', { name: 'AI Price Analysis' }).waitFor();
    await dialog().getByRole('heading', { name: 'Price found' }).waitFor();
    const text = await dialog().textContent();
    await page.keyboard.press('Escape');
    await row('FILL-01')
      .getByRole('button', { name: /^More actions for / })
      .click();
    const fillerMenu = await page.getByRole('menu').textContent();

    expect(text).toMatch(/£4[47]\.99/);
    expect(text).toContain('In Stock');
    expect(text).toContain('95.0%');
    expect(text).toContain('json-ld');
    expect(text).toMatch(/"price": "4[47]\.99"/);
    expect(text).toContain('Usage tips');
    expect(fillerMenu).not.toContain('View AI Analysis');
  });

  it('edits a product after checking its fields, and adds and deletes its competitors', async () => {
    await openDashboard();

    await openMenu('BRAVO-LOW', 'Edit Product');
    await dialog().getByRole('heading', { name: 'Edit Product & Manage Competitors' }).waitFor();
    await dialog().getByText('Shop /p/19').waitFor();
    const add = dialog().getByRole('button', { name: 'Add', exact: true });
    const disabledEmpty = await add.isDisabled();
    await dialog().getByLabel('Competitor name', { exact: true }).fill('Shop Z');
    const disabledHalf = await add.isDisabled();
    await dialog().getByLabel('Competitor URL', { exact: true }).fill('not a url');
    await add.click();
    const badUrl = await dialog().getByRole('alert').textContent();
    await dialog().getByLabel('Competitor URL', { exact: true }).fill(`${shop.origin}/p/18`);
    await add.click();
    await toast('Competitor added successfully').waitFor();
    await dialog().getByText('Shop Z').waitFor();
    const clearedName = await dialog().getByLabel('Competitor name', { exact: true }).inputValue();
    // Deleting asks first, naming the competitor, its URL and its price history: Escape keeps it
    // (the edit dialog stays open), Cancel too, and Delete (by keyboard) removes it.
    const deleteButton = dialog().getByRole('button', { name: 'Delete competitor Shop /p/19' });
    const confirm = page.getByRole('alertdialog', { name: 'Delete competitor URL?' });
    await deleteButton.focus();
    await page.keyboard.press('Enter');
    await confirm.waitFor();
    const warning = await confirm.textContent();
    await expectAccessible(page, confirm);
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    await deleteButton.click();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    const keptAfterCancel = await dialog().getByText('Shop /p/19').isVisible();
    await deleteButton.focus();
    await page.keyboard.press('Enter');
    await confirm.getByRole('button', { name: 'Delete' }).focus();
    await page.keyboard.press('Enter');
    await toast('Competitor deleted successfully').waitFor();
    await dialog().getByText('Shop /p/19').waitFor({ state: 'detached' });

    await dialog().getByLabel('Cost').fill('');
    await dialog().getByRole('button', { name: 'Save Changes' }).click();
    const required = await dialog().getByRole('alert').textContent();
    // A price breaking a rule beyond 'a number ≥ 0' says which, in the words the API uses.
    await dialog().getByLabel('Cost').fill('10.999');
    await dialog().getByRole('button', { name: 'Save Changes' }).click();
    await dialog().getByRole('alert').getByText('Cost must have at most 2 decimals').waitFor();
    const decimalsDescribe = await dialog().getByLabel('Cost').getAttribute('aria-describedby');
    const decimalsAlertId = await dialog().getByRole('alert').getAttribute('id');
    await expectAccessible(page);
    await dialog().getByLabel('Cost').fill('11');
    await dialog().getByLabel('Name', { exact: true }).fill('Bravo Toaster Deluxe');
    await dialog().getByRole('button', { name: 'Save Changes' }).click();
    await toast('Product updated successfully').waitFor();
    await dialog().waitFor({ state: 'detached' });
    await expect.poll(() => row('BRAVO-LOW').textContent()).toContain('Bravo Toaster Deluxe');

    expect(warning).toContain('Shop /p/19 for Bravo Toaster');
    expect(warning).toContain(`${shop.origin}/p/19`);
    expect(warning).toContain('This also deletes its price history');
    expect(keptAfterCancel).toBe(true);
    expect(disabledEmpty).toBe(true);
    expect(disabledHalf).toBe(true);
    expect(badUrl).toBe('Please enter a valid URL');
    expect(clearedName).toBe('');
    expect(required).toBe('All fields are required');
    expect(decimalsDescribe).toBe(decimalsAlertId);
    // Shop Z was added and never checked; the deleted /p/19 took the only price with it.
    expect(await row('BRAVO-LOW').textContent()).toContain('0 of 1 with data');
    expect(await row('BRAVO-LOW').textContent()).toContain('No Data');
    const { body } = await stack.api('GET /api/products', { token });
    expect(body.products.find((product) => product.sku === 'BRAVO-LOW')).toEqual(
      expect.objectContaining({ name: 'Bravo Toaster Deluxe', cost: 11 }),
    );
  });
});

describe('hiding and deleting', () => {
  it('hides a product from the dashboard with the server’s message', async () => {
    await openDashboard();
    await page.getByRole('searchbox', { name: 'Search products' }).fill('FILL-39');
    await expect.poll(visibleSkus).toEqual(['FILL-39']);

    await openMenu('FILL-39', 'Hide from Dashboard');
    await toast('Product hidden from dashboard').waitFor();
    await page.getByText('No products match your filters').waitFor();

    const { body } = await stack.api('GET /api/products', { token });
    expect(body.products.find((product) => product.sku === 'FILL-39')?.hidden).toBe(true);
  });

  it('deletes a product after a confirmation naming it', async () => {
    await openDashboard();
    await page.getByRole('searchbox', { name: 'Search products' }).fill('FILL-38');
    await expect.poll(visibleSkus).toEqual(['FILL-38']);

    await openMenu('FILL-38', 'Delete Product');
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('heading', { name: 'Delete Product' }).waitFor();
    const warning = await confirm.textContent();
    await confirm.getByRole('button', { name: 'Delete Product' }).click();
    await toast('Product deleted successfully').waitFor();
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('No products match your filters').waitFor();

    expect(warning).toContain('Filler item 38');
    expect(warning).toContain('FILL-38');
    expect(warning).toContain('permanent');
    expect(warning).toContain('competitor URLs and their price history');
    const { body } = await stack.api('GET /api/products', { token });
    expect(body.products.some((product) => product.sku === 'FILL-38')).toBe(false);
  });
});
