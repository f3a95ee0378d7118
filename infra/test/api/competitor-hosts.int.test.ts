import { addUser } from '@cmp/functions/auth/users';
import { type ProxyFixture, startProxyFixture } from '@cmp/functions/scrape/test-support/proxy-fixture';
import { ADMINS_ONLY_HOST_SETTINGS, type CompetitorHost, countByOutcome, HOST_HINTS } from '@cmp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureShop, loopbackHosts, startFixtureShop } from '../support/fixture-shop';
import { startTestStack, type TestStack } from '../support/test-stack';

// The Competitor hosts (docs/api.md#competitor-hosts, issue 31): every host with competitor URLs,
// how its checks went over its last runs, and its fetch settings, which admins change.
let stack: TestStack;
let shop: FixtureShop;
let proxy: ProxyFixture;
const PROXY_LOGIN = { username: 'shopper', password: 'long-proxy-secret-9876' };
let token: string;
let staffToken: string;
const [GOOD, MIXED] = loopbackHosts(2) as [string, string];

beforeAll(async () => {
  shop = await startFixtureShop({ hosts: [GOOD, MIXED] });
  proxy = await startProxyFixture(PROXY_LOGIN);
  stack = await startTestStack({ env: { SCRAPER_ALLOW_HOSTS: `${shop.allowHosts},${proxy.hostPort}` } });
  token = await stack.login();
  await addUser({ email: 'sam@example.com', username: 'sam', firstName: 'Sam', password: 'sam-password-1' });
  staffToken = await stack.login('sam@example.com', 'sam-password-1');
  const product = (
    await stack.api('POST /api/products', {
      token,
      body: { sku: 'HOSTS-1', name: 'Hosts', current_price: 20 },
    })
  ).body.product;
  // Two good pages on one host; one good page and two missing ones on the other.
  const [good, mixed] = shop.origins as [string, string];
  for (const [url, name] of [
    [`${good}/p/1`, 'Good'],
    [`${good}/p/2`, 'Good 2'],
    [`${mixed}/p/3`, 'Mixed'],
    [`${mixed}/missing/1`, 'Mixed 2'],
    [`${mixed}/missing/2`, 'Mixed 3'],
  ] as const)
    await stack.api('POST /api/competitor-urls', {
      token,
      body: { product_id: product.id, competitor_name: name, url },
    });
});
afterAll(async () => {
  await stack.stop();
  await shop.close();
  await proxy.close();
});

const hosts = async (as = token) => {
  const { status, body } = await stack.api('GET /api/competitor-hosts', { token: as });
  expect(status).toBe(200);
  return new Map(body.hosts.map((host: CompetitorHost) => [host.host, host]));
};

async function run() {
  await stack.api('POST /api/scraper/run', { token, body: {} });
  await stack.stepFunctions.idle();
}

const put = (host: string, body: unknown, as = token) =>
  stack.send<{ success: boolean; host: CompetitorHost; error?: string }>(
    'PUT',
    `/api/competitor-hosts/${host}`,
    {
      token: as,
      body,
    },
  );
const settings = { fetch_mode: 'auto', render_wait_ms: 0, spacing_seconds: 1, proxy: null } as const;

describe('the competitor hosts', () => {
  it('list every host with its URLs, its default settings and no figures before a run', async () => {
    expect([...(await hosts(staffToken)).values()]).toEqual([
      {
        host: GOOD,
        url_count: 2,
        outcome_counts: null,
        success_rate: null,
        median_check_ms: null,
        ...settings,
        shipping: null,
        escalated: false,
        hint: null,
      },
      expect.objectContaining({ host: MIXED, url_count: 3, outcome_counts: null, hint: null }),
    ]);
  });

  it('show how each host did in its last run and over its runs, and what to do about a failing one', async () => {
    await run();
    await run();

    const found = await hosts();

    expect(found.get(GOOD)).toMatchObject({
      outcome_counts: { ...countByOutcome([]), ok: 2 },
      success_rate: 100,
      hint: null,
    });
    expect(found.get(GOOD)?.median_check_ms).toBeGreaterThan(0);
    expect(found.get(MIXED)).toMatchObject({
      outcome_counts: { ...countByOutcome([]), ok: 1, failed: 2 },
      // 2 of 6 checks over the two runs.
      success_rate: 33.3,
      hint: HOST_HINTS.unreachable,
    });
  });
});

describe("a host's settings", () => {
  it('are changed by admins only', async () => {
    const refused = await put(GOOD, settings, staffToken);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(ADMINS_ONLY_HOST_SETTINGS);
  });

  it("keep a proxy's password as a secret, show only its last characters, and keep it when left out", async () => {
    const { readProxyPassword } = await import('@cmp/functions/lib/proxy-secrets');
    const proxy = {
      url: 'http://proxy.example.com:3128',
      username: 'shopper',
      password: 'long-proxy-secret-9876',
    };

    const saved = await put(MIXED, {
      fetch_mode: 'browser',
      render_wait_ms: 2500,
      spacing_seconds: 3,
      proxy,
    });

    expect(saved.status).toBe(200);
    const shown = {
      fetch_mode: 'browser',
      render_wait_ms: 2500,
      spacing_seconds: 3,
      proxy: { url: proxy.url, username: 'shopper', password_hint: '••••9876' },
    };
    expect(saved.body.host).toMatchObject({ host: MIXED, url_count: 3, ...shown });
    expect((await hosts(staffToken)).get(MIXED)).toMatchObject(shown);
    expect(JSON.stringify(await hosts())).not.toContain(proxy.password);
    expect(await readProxyPassword(MIXED)).toBe(proxy.password);

    // Saved again without the password: the stored one stays.
    const again = await put(MIXED, { ...settings, proxy: { url: proxy.url, username: 'shopper' } });
    expect(again.body.host.proxy?.password_hint).toBe('••••9876');
    expect(await readProxyPassword(MIXED)).toBe(proxy.password);

    // The proxy removed: its password goes with it.
    expect((await put(MIXED, settings)).body.host.proxy).toBeNull();
    expect(await readProxyPassword(MIXED)).toBeNull();
  });

  it.each([
    [
      { ...settings, render_wait_ms: 20_000 },
      'The render wait must be a whole number of milliseconds from 0 to 15000',
    ],
    [{ ...settings, spacing_seconds: 0.5 }, 'The spacing must be from 1 to 600 seconds'],
    [{ ...settings, fetch_mode: 'stealth' }, 'fetch_mode must be one of auto, plain, browser'],
    [
      { ...settings, proxy: { url: 'http://user:pw@proxy.example.com:3128', username: 'u', password: 'p' } },
      'The proxy address must be http(s)://host:port, with the user name and password in their own fields',
    ],
    [
      { ...settings, proxy: { url: 'http://proxy.example.com:3128', username: 'u' } },
      'Enter the proxy password',
    ],
  ])('refuse %o with a message', async (body, message) => {
    const refused = await put(GOOD, body);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain(message);
  });

  it('are only for hosts with competitor URLs, named in lower case', async () => {
    expect((await put('elsewhere.example.com', settings)).status).toBe(404);
    expect((await put('Shop.Example.com', settings)).status).toBe(400);
  });

  it("space a host's requests as far apart as an admin set", async () => {
    await put(GOOD, { ...settings, spacing_seconds: 2 });
    const before = shop.seen().length;

    await run();

    const starts = shop
      .seen()
      .slice(before)
      .filter((request) => request.host === GOOD)
      .map((request) => request.startedAt);
    expect(starts.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < starts.length; i++)
      expect((starts[i] as number) - (starts[i - 1] as number)).toBeGreaterThanOrEqual(1_900);
  });

  it('fetch a host with a proxy through it, and say so when the proxy refuses the password', async () => {
    await put(MIXED, { ...settings, proxy: { url: proxy.url, ...PROXY_LOGIN } });
    const [tunnelsBefore, seenBefore] = [proxy.tunnels.length, shop.seen().length];

    await run();

    const tunnels = proxy.tunnels.slice(tunnelsBefore);
    const mixedRequests = shop
      .seen()
      .slice(seenBefore)
      .filter((request) => request.host === MIXED);
    // robots.txt and the host's three pages, each through the proxy with its credentials.
    expect(tunnels).toHaveLength(mixedRequests.length);
    expect(mixedRequests.length).toBe(4);
    expect(tunnels.every((tunnel) => tunnel.authorised && tunnel.target.startsWith(`${MIXED}:`))).toBe(true);

    await put(MIXED, {
      ...settings,
      proxy: { url: proxy.url, username: 'shopper', password: 'not-the-password' },
    });
    await run();
    const urls = (await stack.api('GET /api/competitor-urls', { token })).body.competitorUrls;
    const mixed = urls.filter((url: { url: string }) => url.url.includes(`//${MIXED}:`));
    expect(mixed.map((url: { last_check: { message: string } | null }) => url.last_check?.message)).toEqual([
      "The host's proxy refused our user name and password (HTTP 407)",
      "The host's proxy refused our user name and password (HTTP 407)",
      "The host's proxy refused our user name and password (HTTP 407)",
    ]);
  });
});
