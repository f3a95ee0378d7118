import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addUser } from '@cmp/functions/auth/users';
import type { AlertSettings } from '@cmp/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe';
import { openSignedIn, signInAsAdmin, tabTo } from '../support/browser';
import { useBrowserPage } from '../support/browser-fixture';
import { productPage, startChangingShop } from '../support/changing-shop';
import { choose, pageSummary, productRow, visibleSkus } from '../support/dashboard-page';
import { signedInStack } from '../support/signed-in-stack';

/**
 * The Alerts screens (issue 15) on alerts that real runs raised: a run in which a competitor
 * undercuts a product, its alert on the Alerts page with how each channel took it, the dashboard's
 * marker and card, the settings as an admin edits them (by keyboard) and as staff see them.
 */
const shop = await startChangingShop();
/** A webhook receiver on loopback: /hook takes every digest, /gone refuses them (404, not retried). */
const received: unknown[] = [];
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    if (req.url !== '/hook') return res.writeHead(404).end();
    received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
    res.writeHead(200).end();
  });
}).listen(0, '127.0.0.1');
await once(receiver, 'listening');
const receiverOrigin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

const { stack, token } = await signedInStack({
  serveWeb: true,
  env: { SCRAPER_ALLOW_HOSTS: shop.hostPort, ALERT_ALLOW_HOSTS: new URL(receiverOrigin).host },
});
const STAFF = { email: 'sam@example.com', password: 'sam-password-1' };
await addUser({ email: STAFF.email, username: 'sam', firstName: 'Sam', password: STAFF.password });

const page = useBrowserPage();
afterAll(async () => {
  await shop.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

async function addProduct(sku: string, name: string, price: number, competitor: string, path: string) {
  const { body } = await stack.api('POST /api/products', {
    token,
    body: { sku, name, current_price: price },
  });
  await stack.api('POST /api/competitor-urls', {
    token,
    body: { product_id: body.product.id, competitor_name: competitor, url: `${shop.origin}${path}` },
  });
  return body.product;
}

/** A whole-catalogue run, to its end and past the alerts it raised and sent. */
async function runAll(): Promise<void> {
  expect((await stack.api('POST /api/scraper/run', { token, body: {} })).status).toBe(202);
  await stack.stepFunctions.idle();
  await stack.eventBus.idle();
}

async function settings(): Promise<AlertSettings> {
  return (await stack.api('GET /api/alert-settings', { token })).body.settings;
}

// Run 1: we are the cheapest. Then two webhooks (one whose receiver is gone), and run 2: Argos
// drops below us, an undercut the second run reports.
const kettle = await addProduct('KETTLE-1', 'Steel Kettle', 50, 'Argos', '/kettle');
await addProduct('TOASTER-1', 'Quiet Toaster', 20, 'Currys', '/toaster');
shop.pages.set('/kettle', { status: 200, html: productPage('Steel Kettle', '55.00') });
shop.pages.set('/toaster', { status: 200, html: productPage('Quiet Toaster', '25.00') });
await runAll();
const { events } = await settings();
const put = await stack.api('PUT /api/alert-settings', {
  token,
  body: {
    events,
    channels: [
      { type: 'webhook', target: `${receiverOrigin}/hook`, enabled: true },
      { type: 'webhook', target: `${receiverOrigin}/gone`, enabled: true },
    ],
  },
});
expect(put.status).toBe(200);
shop.pages.set('/kettle', { status: 200, html: productPage('Steel Kettle', '45.00') });
await runAll();

const toast = (text: string | RegExp) => page.locator('.Toastify').getByText(text);
const alertRows = () => page.getByRole('region', { name: 'Latest alerts' }).locator('tbody tr');

async function signInAsStaff(): Promise<void> {
  await page.goto(`${stack.url}/login`);
  await page.getByPlaceholder('Enter your email or username').fill(STAFF.email);
  await page.getByPlaceholder('Enter password').fill(STAFF.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('heading', { name: 'Price Comparison Dashboard' }).waitFor();
}

describe('after a run in which a competitor undercuts a product', () => {
  it("marks the product's dashboard row, counts it on the overview, and the marker opens its alerts", async () => {
    await signInAsAdmin(page, stack.url);
    await pageSummary(page).waitFor();
    const marker = productRow(page, 'KETTLE-1').getByRole('link', { name: /^Alerts since the last run: / });
    await marker.waitFor();
    const markerName = await marker.getAttribute('aria-label');
    const toasterMarkers = await productRow(page, 'TOASTER-1')
      .getByRole('link', { name: /^Alerts since the last run/ })
      .count();
    const card = await page.getByRole('region', { name: 'Overview' }).textContent();
    await expectAccessible(page);
    await marker.focus();
    const tip = await page.getByRole('tooltip').textContent();

    await marker.click();
    await page.getByRole('heading', { name: 'Alerts', exact: true }).waitFor();
    await alertRows().first().waitFor();
    await page.getByText('Showing alerts for Steel Kettle (KETTLE-1)').waitFor();
    const url = new URL(page.url());
    const filterText = await page.getByRole('searchbox', { name: 'Filter by product' }).inputValue();
    const rows = await alertRows().allTextContents();

    expect(markerName).toContain('Undercut');
    expect(tip).toContain('Undercut');
    expect(toasterMarkers).toBe(0);
    expect(card).toContain('Undercut since last run1');
    expect(`${url.pathname}${url.search}`).toBe(`/alerts?product_id=${kettle.id}`);
    expect(filterText).toBe('KETTLE-1');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((text) => text.includes('Steel Kettle'))).toBe(true);
  });

  it('lists the undercut with its prices and how each channel took it, filtered by kind and product', async () => {
    await signInAsAdmin(page, stack.url);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Alerts' }).click();
    await page.getByRole('heading', { name: 'Alerts', exact: true }).waitFor();
    await alertRows().first().waitFor();
    await expectAccessible(page);

    await choose(page, 'Filter by kind', 'Undercut');
    await page.waitForURL(/kind=undercut/);
    await alertRows().filter({ hasText: 'Undercut' }).first().waitFor();
    const undercuts = await alertRows().allTextContents();
    await page.getByRole('searchbox', { name: 'Filter by product' }).fill('toaster');
    await page.getByText('No alerts match your filters').waitFor();
    const status = await page.getByText('Showing alerts for Quiet Toaster (TOASTER-1)').count();
    await expectAccessible(page);

    expect(undercuts).toHaveLength(1);
    expect(undercuts[0]).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}.*Undercut/);
    expect(undercuts[0]).toContain('Steel KettleSKU: KETTLE-1');
    expect(undercuts[0]).toContain('Argos');
    // Our price, the competitor's, and the lowest price before the run.
    expect(undercuts[0]).toContain('£50.00£45.00£55.00');
    expect(undercuts[0]).toContain(`Webhook ${receiverOrigin}/hook: OK`);
    expect(undercuts[0]).toMatch(new RegExp(`Webhook ${receiverOrigin}/gone: Failed: .*404`));
    expect(status).toBe(1);
    expect(received).toHaveLength(1);
  });

  it('opens the dashboard searched for the SKU an alert links to', async () => {
    await openSignedIn(page, stack.url, '/dashboard?search=KETTLE-1');
    await pageSummary(page).waitFor();

    expect(await page.getByRole('searchbox', { name: 'Search products' }).inputValue()).toBe('KETTLE-1');
    expect(await visibleSkus(page)).toEqual(['KETTLE-1']);
  });
});

describe('the alert settings', () => {
  it('shows a failing channel as failing, and a test message to a working one as a toast', async () => {
    await openSignedIn(page, stack.url, '/alerts');
    const channels = page.getByRole('region', { name: 'Alert channels' });
    const gone = channels.locator('tr').filter({ hasText: `${receiverOrigin}/gone` });
    await gone.waitFor();
    const goneText = await gone.textContent();
    const before = received.length;

    await channels.getByRole('button', { name: `Send test to Webhook ${receiverOrigin}/hook` }).click();
    await toast(`Test message sent to Webhook ${receiverOrigin}/hook`).waitFor();

    expect(goneText).toMatch(/Failing: .*404/);
    expect(received).toHaveLength(before + 1);
  });

  it('an admin changes them by keyboard, sees a wrong threshold explained, and sees a new webhook secret once', async () => {
    await openSignedIn(page, stack.url, '/alerts');
    const form = page.getByRole('form', { name: 'Alert settings' });
    const nowCheapest = form.getByRole('checkbox', { name: 'Now cheapest' });
    await nowCheapest.waitFor();
    await expectAccessible(page);

    await tabTo(page, nowCheapest);
    await page.keyboard.press('Space');
    const threshold = form.getByRole('textbox', { name: 'Minimum change (%)' });
    await tabTo(page, threshold);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('0');
    const save = form.getByRole('button', { name: 'Save settings' });
    await tabTo(page, save);
    await page.keyboard.press('Enter');
    const message = form.getByText('competitor_price_change threshold must be from 0.1 to 1000');
    await message.waitFor();
    const invalid = await threshold.getAttribute('aria-invalid');

    await threshold.focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('7.5');
    const target = form.getByRole('textbox', { name: 'Webhook URL' });
    await tabTo(page, target);
    await page.keyboard.type('not a url');
    await page.keyboard.press('Enter');
    await form.getByText('Please enter a valid URL').waitFor();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(`${receiverOrigin}/new`);
    await page.keyboard.press('Enter');
    await form.getByText(`${receiverOrigin}/new`).waitFor();
    await tabTo(page, save);
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'Webhook secret' });
    await dialog.waitFor();
    await toast('Alert settings saved').waitFor();
    const secret = await dialog.getByRole('textbox', { name: `Webhook ${receiverOrigin}/new` }).inputValue();
    const note = await dialog.textContent();
    await expectAccessible(page, dialog);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Radix gives focus back a tick after the dialog is gone.
    await expect.poll(() => save.evaluate((element) => element === document.activeElement)).toBe(true);
    const row = form
      .getByRole('region', { name: 'Alert channels' })
      .locator('tr')
      .filter({
        hasText: `${receiverOrigin}/new`,
      });
    const rowText = await row.textContent();
    const stored = await settings();

    expect(invalid).toBe('true');
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(note).toContain('it will not be shown again');
    expect(rowText).toContain(`Secret ••••${secret.slice(-4)}`);
    expect(rowText).not.toContain(secret);
    expect(stored.events.now_cheapest.enabled).toBe(false);
    expect(stored.events.competitor_price_change.threshold).toBe(7.5);
    expect(stored.channels.map((channel) => channel.target)).toContain(`${receiverOrigin}/new`);
    expect(JSON.stringify(stored)).not.toContain(secret);
  });

  it('staff see them read-only, with the reason', async () => {
    await signInAsStaff();
    await page.goto(`${stack.url}/alerts`);
    const form = page.getByRole('form', { name: 'Alert settings' });
    await form.getByRole('checkbox', { name: 'Undercut' }).waitFor();
    await expectAccessible(page);

    const note = await page.getByText('Only an administrator can change alert settings').count();
    const checkboxesDisabled = await form
      .getByRole('checkbox')
      .evaluateAll((boxes) => boxes.every((box) => box.matches(':disabled')));
    const thresholdDisabled = await form.getByRole('textbox', { name: 'Minimum change (%)' }).isDisabled();
    const buttons = await form
      .getByRole('button', { name: /^(Save settings|Send test|Remove|Add channel)/ })
      .count();
    const rows = await page.getByRole('region', { name: 'Alert channels' }).locator('tbody tr').count();

    expect(note).toBe(1);
    expect(checkboxesDisabled).toBe(true);
    expect(thresholdDisabled).toBe(true);
    expect(buttons).toBe(0);
    expect(rows).toBeGreaterThan(0);
  });
});
