// Parts of this run inside the page: they use the browser's types.
/// <reference lib="dom" />
import { addUser } from '@cmp/functions/auth/users';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe';
import { signIn, signInAsAdmin, tabTo } from '../support/browser';
import { useBrowserPage } from '../support/browser-fixture';
import { choose } from '../support/dashboard-page';
import { signedInStack } from '../support/signed-in-stack';

/**
 * The Activity page (issue 33, docs/screens.md#18-activity-page): an admin reads every change, newest
 * first, with who made it and a price before → after; filters by kind and user; reads the next page
 * by keyboard; a phone never scrolls sideways. Staff have no Activity entry. axe on the page.
 */
const { stack, token } = await signedInStack({ serveWeb: true });
const STAFF = { email: 'sam@example.com', password: 'sam-password-1' };
const sam = await addUser({
  email: STAFF.email,
  username: 'sam',
  firstName: 'Sam',
  password: STAFF.password,
});
const { product } = (
  await stack.api('POST /api/products', { token, body: { sku: 'A-1', name: 'Kettle', current_price: 10 } })
).body;
await stack.api('PUT /api/products/{id}', {
  token,
  params: { id: product.id },
  body: { sku: 'A-1', name: 'Kettle', current_price: 12.5 },
});
// More changes than a page holds, as sam's category changes would be kept (written straight to the
// table: fifty requests through the API took seconds): the oldest show after 'Show more'.
const { putActivity } = await import('@cmp/functions/data/activity.repository');
for (let n = 1; n <= 50; n++)
  await putActivity({
    user_id: sam.id,
    username: 'sam',
    kind: 'products',
    action: 'POST /api/categories',
    what: 'Create a category',
    target: null,
    changes: [],
    more_changes: 0,
  });

const page = useBrowserPage();
const rows = () => page.getByRole('region', { name: 'Activity' }).locator('tbody tr');

describe('the activity page', () => {
  it('lists every change with who made it and a price before → after, filtered, a page at a time', async () => {
    await signInAsAdmin(page, stack.url);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click();
    await page.getByRole('heading', { name: 'Activity', level: 1 }).waitFor();
    await rows().first().waitFor();
    expect(await rows().count()).toBe(50);
    expect(await rows().first().innerText()).toContain('sam');
    await expectAccessible(page);

    const showMore = page.getByRole('button', { name: 'Show more' });
    await tabTo(page, showMore, 200);
    await page.keyboard.press('Enter');
    await page.getByText('product A-1: price £10.00 → £12.50').waitFor();
    expect(await rows().count()).toBe(52);
    expect(await showMore.count()).toBe(0);

    await choose(page, 'Filter by kind', 'Products');
    await choose(page, 'Filter by user', 'admin');
    await page.getByText('product A-1: price £10.00 → £12.50').waitFor();
    expect(await rows().count()).toBe(2);
    await choose(page, 'Filter by kind', 'Pricing');
    await page.getByText('No changes match your filters').waitFor();
    // Days: a day before any change shows none.
    await choose(page, 'Filter by kind', 'All kinds');
    await page.getByLabel('To').fill('2025-01-31');
    await page.getByText('No changes match your filters').waitFor();

    await page.setViewportSize({ width: 390, height: 844 });
    const { scroll, width } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      width: window.innerWidth,
    }));
    expect(scroll).toBeLessThanOrEqual(width);
  });

  it('is not for staff: no Activity entry, and the address says who may see it', async () => {
    await signIn(page, stack.url, STAFF);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Alerts' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Activity' }).count()).toBe(0);

    await page.goto(`${stack.url}/activity`);
    await page.getByText('Only an administrator can see the activity log.').waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
  });
});
