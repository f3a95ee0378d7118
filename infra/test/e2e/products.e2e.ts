import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe';
import { productsPage } from '../support/products-page';

/** The Products page: a product's life, search, categories and paging (its CSV import: product-import.e2e.ts). */
const { page, stack, token, openProducts, createProduct, productBySku, toast, dialog, search, visibleNames } =
  await productsPage();

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
