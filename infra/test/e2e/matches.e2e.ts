// Parts of this run inside the page: they use the browser's types.
/// <reference lib="dom" />
import { addUser } from '@cmp/functions/auth/users';
import { lookAlikeSet } from '@cmp/functions/discovery/test-support/look-alike-catalogue';
import { afterAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe';
import { openSignedIn, signInAsAdmin, tabTo } from '../support/browser';
import { useBrowserPage } from '../support/browser-fixture';
import { startFixtureCompetitor } from '../support/fixture-competitor';
import { signedInStack } from '../support/signed-in-stack';

/**
 * The Matches page (issue 32): an admin adds a competitor shop, discovers its products and watches
 * the progress; the suggestions show both sides with what differs marked; one key accepts or rejects
 * the focused one and focus moves on; every GTIN match of the shop is accepted at once; staff review
 * but manage no shops; a phone never scrolls sideways. axe on the page and the shop dialog.
 */
const set = lookAlikeSet(16, 5, 0.9);
const shop = await startFixtureCompetitor(set, { feedShare: 2 });
afterAll(() => shop.close());
const { stack, token } = await signedInStack({ serveWeb: true, env: { SCRAPER_ALLOW_HOSTS: shop.hostPort } });
const STAFF = { email: 'sam@example.com', password: 'sam-password-1' };
await addUser({ email: STAFF.email, username: 'sam', firstName: 'Sam', password: STAFF.password });
for (const product of set.catalogue)
  await stack.api('POST /api/products', {
    token,
    body: {
      sku: `M-${product.id}`,
      name: product.name,
      current_price: 20,
      ...(product.brand ? { brand: product.brand } : {}),
      ...(product.gtin ? { gtin: product.gtin } : {}),
      ...(product.mpn ? { mpn: product.mpn } : {}),
    },
  });

const page = useBrowserPage();
const SHOP = 'Generated Shop';
const cards = () => page.getByRole('article');
const pending = async () =>
  (await stack.api('GET /api/match-suggestions', { token, query: { status: 'pending', page_size: '100' } }))
    .body.suggestions;

describe('as an admin', () => {
  it('adds a shop with a feed, discovers its products and shows the progress, then the suggestions side by side', async () => {
    await signInAsAdmin(page, stack.url);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Matches' }).click();
    await page.getByRole('heading', { name: 'Matches', level: 1 }).waitFor();
    await page.getByText('No competitor shops yet').waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Add shop' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add shop' });
    await dialog.getByLabel('Name').fill(SHOP);
    await dialog.getByLabel('Domain').fill('https://nowhere');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog
      .getByText('The domain must be a host name such as shop.example, without http:// or a path')
      .waitFor();
    await dialog.getByLabel('Domain').fill(shop.hostPort);
    await dialog.getByRole('button', { name: 'Add feed' }).click();
    await dialog.getByLabel('Feed 1 address').fill(`${shop.origin}/feed.csv`);
    await dialog.getByRole('combobox', { name: 'Feed 1 format' }).click();
    await page.getByRole('option', { name: 'CSV' }).click();
    await expectAccessible(page, dialog);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Shop added').waitFor();

    const row = page.getByRole('row', { name: new RegExp(`^${SHOP} `) });
    await row.getByText('Not discovered yet').waitFor();
    await row.getByRole('button', { name: `Discover products of ${SHOP}` }).click();
    await row.getByText(/^Done /).waitFor({ timeout: 30_000 });
    const job = (await stack.api('GET /api/competitors/{id}/discovery', { token, params: { id: 1 } })).body
      .discovery;
    expect(await row.innerText()).toContain(`${job?.suggestions} suggestion`);

    // The queue filled itself once the discovery ended.
    await cards().first().waitFor();
    expect(await cards().count()).toBe(Math.min(20, job?.suggestions ?? 0));
    const first = cards().first();
    expect(await first.getByRole('columnheader', { name: 'Ours' }).count()).toBe(1);
    expect(await first.getByRole('link').getAttribute('href')).toMatch(/\/product\/\d+$/);
    await expectAccessible(page);
  });

  it('accepts the focused match with A and rejects the next with R, focus moving on', async () => {
    await openSignedIn(page, stack.url, '/matches');
    await cards().first().waitFor();
    const before = await pending();
    const [accepted, rejected] = before;
    if (!accepted || !rejected) throw new Error('two suggestions are needed');

    await tabTo(page, cards().first());
    await page.keyboard.press('a');
    await page.getByText(`Now watching ${accepted.theirs.url}`).waitFor();
    await page.waitForFunction(
      (name) => document.activeElement?.getAttribute('aria-label')?.startsWith(name) === true,
      rejected.ours.name,
    );
    await page.keyboard.press('r');
    await page.getByText('Match rejected').waitFor();

    const after = await pending();
    expect(after.map((s) => s.id)).toEqual(before.slice(2).map((s) => s.id));
    const urls = (await stack.api('GET /api/competitor-urls', { token, query: {} })).body.competitorUrls;
    expect(urls.map((u) => [u.product_id, u.url])).toEqual([[accepted.ours.id, accepted.theirs.url]]);
    // The shop's URL count follows, here and on the Competitors page, where the URL is listed.
    const counted = /^Generated Shop\s+127\.0\.0\.1:\d+\s+1\s/;
    expect(await page.getByRole('row', { name: new RegExp(`^${SHOP} `) }).innerText()).toMatch(counted);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Competitors' }).click();
    const shops = page.getByRole('region', { name: 'Competitor shops' });
    await shops.getByRole('row', { name: new RegExp(`^${SHOP} `) }).waitFor();
    expect(await shops.getByRole('row', { name: new RegExp(`^${SHOP} `) }).innerText()).toMatch(counted);
    await page.getByText(accepted.theirs.url).first().waitFor();
    await expectAccessible(page);
  });

  it('accepts every GTIN match of a shop at once, the filters in the address', async () => {
    await signInAsAdmin(page, stack.url);
    const gtins = (await pending()).filter((s) => s.reason === 'gtin');
    expect(gtins.length).toBeGreaterThan(0);
    await page.goto(`${stack.url}/matches?competitor=1&reason=gtin`);
    await cards().first().waitFor();
    expect(await cards().count()).toBe(gtins.length);
    await page
      .getByRole('button', { name: `Accept all ${gtins.length} “Same GTIN” matches of ${SHOP}` })
      .click();
    await page.getByText(`Accepted ${gtins.length} ${gtins.length === 1 ? 'match' : 'matches'}`).waitFor();
    await page.getByText('No matches to review').waitFor();
    expect((await pending()).filter((s) => s.reason === 'gtin')).toEqual([]);
  });
});

describe('as staff', () => {
  it('reviews the matches but neither adds shops nor starts discoveries', async () => {
    await openSignedIn(page, stack.url, '/matches', STAFF);
    await page.getByRole('row', { name: new RegExp(`^${SHOP} `) }).waitFor();
    expect(await page.getByRole('button', { name: 'Add shop' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Discover products/ }).count()).toBe(0);
    await cards().first().getByRole('button', { name: 'Reject' }).click();
    await page.getByText('Match rejected').waitFor();
  });
});

describe('on a phone', () => {
  it('shows the shops and the matches without scrolling sideways', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openSignedIn(page, stack.url, '/matches?status=accepted');
    await cards().first().waitFor();
    const { scroll, width } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      width: window.innerWidth,
    }));
    expect(scroll).toBeLessThanOrEqual(width);
    await expectAccessible(page);
  });
});
