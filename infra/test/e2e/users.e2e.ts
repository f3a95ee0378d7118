import { addUser } from '@cmp/functions/auth/users';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe';
import { openSignedIn, signIn, signInAsAdmin, signInThroughForm, tabTo } from '../support/browser';
import { useBrowserPage } from '../support/browser-fixture';
import { signedInStack } from '../support/signed-in-stack';

/**
 * The Users page (issue 16): an admin adds a user by keyboard and sees the one-time password once,
 * resets a password, changes a role and disables a user, each confirmed; staff see no Users entry and
 * a short message at the address; a viewer is told on every page that they can change nothing, and sees
 * the data without the controls that would change it. axe on the page and on every dialog.
 */
const { stack, token } = await signedInStack({ serveWeb: true });
const STAFF = { email: 'sam@example.com', password: 'sam-password-1' };
await addUser({ email: STAFF.email, username: 'sam', firstName: 'Sam', password: STAFF.password });

const page = useBrowserPage();

const signInStatus = async (email: string, password: string) =>
  (await stack.api('POST /api/auth/login', { body: { email, password } })).status;
const userNamed = async (username: string) =>
  (await stack.api('GET /api/users', { token })).body.users.find((user) => user.username === username);

describe('as an admin', () => {
  it('adds a user by keyboard and sees the generated password once; focus goes back to Add user', async () => {
    await signInAsAdmin(page, stack.url);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    await page.getByRole('row', { name: /Admin \(you\)/ }).waitFor();
    await expectAccessible(page);

    const addButton = page.getByRole('button', { name: 'Add user' });
    await tabTo(page, addButton);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add user' });
    await dialog.waitFor();
    await expectAccessible(page, dialog);
    // Focus starts in the first field; the role stays Staff; the password is left empty.
    await page.keyboard.type('grace@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type('grace');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Grace');
    await tabTo(page, dialog.getByRole('button', { name: 'Add user' }));
    await page.keyboard.press('Enter');

    const shown = page.getByRole('dialog', { name: 'One-time password' });
    await shown.waitFor();
    await expectAccessible(page, shown);
    const password = await shown.getByLabel('Password for grace').inputValue();
    expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    await tabTo(page, shown.getByRole('button', { name: 'Done' }));
    await page.keyboard.press('Enter');

    await shown.waitFor({ state: 'detached' });
    expect(await addButton.evaluate((button) => button === document.activeElement)).toBe(true);
    const row = page.getByRole('row', { name: /Grace/ });
    await row.getByText('Active').waitFor();
    expect(await signInStatus('grace@example.com', password)).toBe(200);
  });

  it('resets a password, changes a role and disables a user, each as it says', async () => {
    await addUser({
      email: 'linus@example.com',
      username: 'linus',
      firstName: 'Linus',
      password: 'linus-pass-1',
    });
    await openSignedIn(page, stack.url, '/users');
    const row = page.getByRole('row', { name: /Linus/ });
    await row.waitFor();

    await row.getByRole('button', { name: 'Reset password of Linus' }).click();
    const confirmReset = page.getByRole('alertdialog', { name: 'Reset password' });
    await expectAccessible(page, confirmReset);
    await confirmReset.getByRole('button', { name: 'Reset password' }).click();
    const shown = page.getByRole('dialog', { name: 'One-time password' });
    const password = await shown.getByLabel('Password for linus').inputValue();
    await shown.getByRole('button', { name: 'Done' }).click();
    expect(await signInStatus('linus@example.com', 'linus-pass-1')).toBe(401);
    expect(await signInStatus('linus@example.com', password)).toBe(200);

    await row.getByRole('combobox', { name: 'Role of Linus' }).click();
    await page.getByRole('option', { name: 'Administrator' }).click();
    await page.getByText('Linus is now Administrator').waitFor();
    expect((await userNamed('linus'))?.role).toBe('admin');

    await row.getByRole('button', { name: 'Disable Linus' }).click();
    const confirmDisable = page.getByRole('alertdialog', { name: 'Disable user' });
    await expectAccessible(page, confirmDisable);
    await confirmDisable.getByRole('button', { name: 'Disable' }).click();
    await row.getByText('Disabled').waitFor();
    expect(await signInStatus('linus@example.com', password)).toBe(401);
    await expect(row.getByRole('button', { name: 'Enable Linus' }).isVisible()).resolves.toBe(true);
  });

  it('sees a rule the form breaks in the dialog, before anything is sent', async () => {
    await openSignedIn(page, stack.url, '/users');
    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add user' });
    await dialog.getByLabel('E-mail').fill('short@example.com');
    await dialog.getByLabel('Username').fill('short');
    await dialog.getByLabel('First name').fill('Short');
    await dialog.getByLabel('Password (optional)').fill('short');
    await dialog.getByRole('button', { name: 'Add user' }).click();

    await dialog.getByRole('alert').getByText('Password must be at least 8 characters').waitFor();
    expect(await userNamed('short')).toBeUndefined();
  });
});

describe('as staff', () => {
  it('there is no Users entry, and the address shows who may manage users', async () => {
    await signIn(page, stack.url, STAFF);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Alerts' }).waitFor();

    expect(await nav.getByRole('link', { name: 'Users' }).count()).toBe(0);

    await page.goto(`${stack.url}/users`);
    await page.getByText('Only an administrator can manage users.').waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    await expectAccessible(page);
  });
});

describe('as a viewer', () => {
  it('every page says a viewer can change nothing, shows the data and no control that would change it', async () => {
    await addUser({
      email: 'vera@example.com',
      username: 'vera',
      firstName: 'Vera',
      password: 'vera-password-1',
      role: 'viewer',
    });
    const { product } = (
      await stack.api('POST /api/products', {
        token,
        body: { sku: 'VIEW-1', name: 'Viewed Kettle', current_price: 25 },
      })
    ).body;
    await stack.api('POST /api/competitor-urls', {
      token,
      body: { product_id: product.id, competitor_name: 'Shop', url: 'https://shop.example.com/kettle' },
    });
    const notice = page.getByText('A viewer can look at everything but change nothing.');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const count = (name: string | RegExp) => page.getByRole('button', { name }).count();

    await signInThroughForm(page, stack.url, { email: 'vera@example.com', password: 'vera-password-1' });
    await notice.waitFor();
    const dashboardRow = page.locator('tbody tr').filter({ hasText: 'SKU: VIEW-1' });
    await dashboardRow.waitFor();
    await expectAccessible(page);
    const runAnalysis = await count(/Run AI analysis/);
    await dashboardRow.getByRole('button', { name: 'More actions for Viewed Kettle' }).click();
    const menuItems = await page.getByRole('menuitem').allTextContents();
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Check My Price' }).click();
    await page.getByRole('button', { name: 'Refresh', exact: true }).waitFor();
    const startRun = await count(/Check My Price Now|Stop Scraper/);

    await nav.getByRole('link', { name: 'Products' }).click();
    await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
    await notice.waitFor();
    await page.getByRole('row', { name: /Viewed Kettle/ }).waitFor();
    const productControls = await count(
      /^(Add Product|Import CSV|Hide Viewed Kettle|Edit Viewed Kettle|Delete Viewed Kettle)$/,
    );
    const productActionsColumn = await page.getByRole('columnheader', { name: 'Actions' }).count();

    await nav.getByRole('link', { name: 'Competitors' }).click();
    await page.getByRole('heading', { name: 'Competitor URLs', level: 1 }).waitFor();
    await page.getByRole('row', { name: /Viewed Kettle/ }).waitFor();
    const urlControls = await count(
      /^(Add Competitor|Import CSV|(Check now|Edit|Delete) Shop for Viewed Kettle)$/,
    );
    const exportButton = await count('Export CSV');

    expect(runAnalysis).toBe(0);
    expect(menuItems).toEqual(['Search on Google']);
    expect(startRun).toBe(0);
    expect(productControls).toBe(0);
    expect(productActionsColumn).toBe(0);
    expect(urlControls).toBe(0);
    expect(exportButton).toBe(1);
  });
});
