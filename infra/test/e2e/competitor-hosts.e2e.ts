import { addUser } from '@cmp/functions/auth/users';
import { HOST_HINTS } from '@cmp/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe';
import { openSignedIn, signInAsAdmin, tabTo } from '../support/browser';
import { useBrowserPage } from '../support/browser-fixture';
import { loopbackHosts, startFixtureShop } from '../support/fixture-shop';
import { signedInStack } from '../support/signed-in-stack';

/**
 * The Competitor hosts page (issue 31): every signed-in user sees each host's figures after a run,
 * sorts them and filters the failing ones; an admin changes a host's settings by keyboard, staff only
 * see them. axe on the page and on both dialogs.
 */
const [GOOD, FAILING] = loopbackHosts(2) as [string, string];
const shop = await startFixtureShop({ hosts: [GOOD, FAILING] });
afterAll(() => shop.close());
const { stack, token } = await signedInStack({
  serveWeb: true,
  env: { SCRAPER_ALLOW_HOSTS: shop.allowHosts },
});
const STAFF = { email: 'sam@example.com', password: 'sam-password-1' };
await addUser({ email: STAFF.email, username: 'sam', firstName: 'Sam', password: STAFF.password });
await seed();

const page = useBrowserPage();

async function seed() {
  const product = (
    await stack.api('POST /api/products', {
      token,
      body: { sku: 'HOSTS-1', name: 'Kettle', current_price: 20 },
    })
  ).body.product;
  const [good, failing] = shop.origins as [string, string];
  for (const [url, name] of [
    [`${good}/p/1`, 'Good shop'],
    [`${failing}/missing/1`, 'Failing shop'],
    [`${failing}/missing/2`, 'Failing shop 2'],
  ] as const)
    await stack.api('POST /api/competitor-urls', {
      token,
      body: { product_id: product.id, competitor_name: name, url },
    });
  await stack.api('POST /api/scraper/run', { token, body: {} });
  await stack.stepFunctions.idle();
}

const rowOf = (host: string) =>
  page.getByRole('row', { name: new RegExp(`^${host.replaceAll('.', '\\.')} `) });
const hostsInOrder = async () =>
  (await page.getByRole('region', { name: 'Competitor hosts' }).getByRole('row').allInnerTexts())
    .slice(1)
    .map((row) => row.split(/\s/)[0]);

describe('as an admin', () => {
  it('shows each host after a run, sorts and filters them, with the filter and the sort in the address', async () => {
    await signInAsAdmin(page, stack.url);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Hosts' }).click();
    await page.getByRole('heading', { name: 'Competitor hosts' }).waitFor();
    await rowOf(FAILING).waitFor();
    await expectAccessible(page);

    expect(await rowOf(GOOD).innerText()).toContain('100.0%');
    const failing = await rowOf(FAILING).innerText();
    expect(failing).toContain('0.0%');
    expect(failing).toContain(HOST_HINTS.unreachable);
    expect(await hostsInOrder()).toEqual([GOOD, FAILING]);

    // The table is drawn again just after a click: asked until it is.
    await page.getByRole('button', { name: 'Success rate' }).click();
    await expect.poll(hostsInOrder).toEqual([FAILING, GOOD]);
    await page.getByRole('combobox', { name: 'Show hosts' }).click();
    await page.getByRole('option', { name: 'Failing hosts' }).click();
    await expect.poll(hostsInOrder).toEqual([FAILING]);
    expect(new URL(page.url()).search).toBe('?show=failing&sort=success&order=asc');

    // The address alone shows the same.
    await page.reload();
    await rowOf(FAILING).waitFor();
    await expect.poll(hostsInOrder).toEqual([FAILING]);
  });

  it("changes a host's settings by keyboard, and focus goes back to its button", async () => {
    await openSignedIn(page, stack.url, '/competitor-hosts');
    const settings = page.getByRole('button', { name: `Settings of ${GOOD}` });
    await tabTo(page, settings);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Settings of ${GOOD}` });
    await dialog.waitFor();
    await expectAccessible(page, dialog);

    await dialog.getByLabel('Spacing (seconds)').fill('0.5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('The spacing must be from 1 to 600 seconds').waitFor();

    await dialog.getByLabel('Spacing (seconds)').fill('3');
    await dialog.getByLabel('Fetch through a proxy').check();
    await dialog.getByLabel('Proxy address').fill('http://proxy.example.com:3128');
    await dialog.getByLabel('Proxy user name').fill('shopper');
    await dialog.getByLabel('Proxy password').fill('long-proxy-secret-9876');
    await expectAccessible(page, dialog);
    await tabTo(page, dialog.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');

    await page.getByText('Host settings saved').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await settings.evaluate((button) => button === document.activeElement)).toBe(true);
    const row = await rowOf(GOOD).innerText();
    expect(row).toContain('3 s');
    expect(row).toContain('· proxy');
    const saved = (await stack.api('GET /api/competitor-hosts', { token })).body.hosts.find(
      (h) => h.host === GOOD,
    );
    expect(saved).toMatchObject({
      spacing_seconds: 3,
      proxy: { username: 'shopper', password_hint: '••••9876' },
    });

    // Opened again: the password is not shown, only its hint.
    await settings.click();
    await dialog.getByText('Stored: ••••9876. Leave empty to keep it.').waitFor();
    expect(await dialog.getByLabel('Proxy password').inputValue()).toBe('');
  });
});

describe('as staff', () => {
  it('sees the settings and cannot change them', async () => {
    await page.goto(`${stack.url}/login`);
    await page.getByPlaceholder('Enter your email or username').fill(STAFF.email);
    await page.getByPlaceholder('Enter password').fill(STAFF.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Price Comparison Dashboard' }).waitFor();
    await page.goto(`${stack.url}/competitor-hosts`);

    await page.getByRole('button', { name: `View settings of ${FAILING}` }).click();
    const dialog = page.getByRole('dialog', { name: `Settings of ${FAILING}` });
    await dialog.getByText('Only an administrator can change how a host is fetched.').waitFor();
    await expectAccessible(page, dialog);
    expect(await dialog.getByRole('textbox').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'detached' });
  });
});
