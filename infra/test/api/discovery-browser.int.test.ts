import { afterAll, describe, expect, it } from 'vitest';
import { startFixtureShop } from '../support/fixture-shop';
import { signedInStack } from '../support/signed-in-stack';

/**
 * Discovery reads pages as the host's checks would (issue 31's fetch settings): a host set to
 * `browser` has its pages rendered (RenderPage), so a product whose price a script draws is found;
 * the same pages read plain are shells without a product, skipped. A job reads at most
 * `max_pages` of them.
 */
const PAGES = ['/script/1', '/script/2', '/script/3'];
const rendered = await startFixtureShop({ hosts: ['127.0.0.3'], sitemap: PAGES });
const plain = await startFixtureShop({ hosts: ['127.0.0.4'], sitemap: PAGES });
afterAll(async () => {
  await rendered.close();
  await plain.close();
});
const { stack, token } = await signedInStack({
  env: { SCRAPER_ALLOW_HOSTS: `${rendered.hostPort},${plain.hostPort}` },
});

const addShop = async (shop: typeof rendered, name: string) =>
  (
    await stack.api('POST /api/competitors', {
      token,
      body: { name, domain: shop.hostPort, sitemaps: [`${shop.origin}/sitemap.xml`] },
    })
  ).body.competitor;

async function discover(competitor: { id: number }) {
  await stack.api('POST /api/competitors/{id}/discover', { token, params: { id: competitor.id } });
  await stack.stepFunctions.idle();
  return (await stack.api('GET /api/competitors/{id}/discovery', { token, params: { id: competitor.id } }))
    .body.discovery;
}

describe('discovery on a host whose pages need the browser', () => {
  it('renders the pages of a host set to browser, and finds the products their scripts draw', async () => {
    // A shop's host is set before any of its pages is watched.
    const shop = await addShop(rendered, 'Scripted');
    const set = await stack.send('PUT', '/api/competitor-hosts/127.0.0.3', {
      token,
      body: { fetch_mode: 'browser', render_wait_ms: 0, spacing_seconds: 1, proxy: null },
    });
    expect(set.status).toBe(200);

    expect(await discover(shop)).toMatchObject({
      status: 'completed',
      pages_listed: 3,
      pages_read: 3,
      pages_skipped: 0,
      products_found: 3,
    });
    // The browser asked for the script and the data it draws the price from.
    expect(rendered.seen().some((r) => r.path === '/price.js')).toBe(true);
  });

  it('reads the same pages plain elsewhere: shells without a product, skipped; at most max_pages of them', async () => {
    await stack.api('PUT /api/discovery-settings', {
      token,
      body: { max_pages: 2, match_threshold: 0.8, auto_accept: [] },
    });
    expect(await discover(await addShop(plain, 'Plain'))).toMatchObject({
      status: 'completed',
      pages_listed: 2,
      pages_read: 2,
      pages_skipped: 2,
      products_found: 0,
    });
    expect(plain.seen().filter((r) => r.path.startsWith('/script/'))).toHaveLength(2);
    expect(plain.seen().some((r) => r.path === '/price.js')).toBe(false);
  });
});
