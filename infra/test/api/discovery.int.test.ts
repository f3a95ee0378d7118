import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { addUser } from '@cmp/functions/auth/users';
import { lookAlikeSet } from '@cmp/functions/discovery/test-support/look-alike-catalogue';
import type { DiscoveryJob, MatchSuggestion } from '@cmp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInStack } from '../support/signed-in-stack';
import { TEST_HOST_SETTINGS } from '../support/test-stack';

/**
 * A whole discovery job (issue 32) against a competitor generated here beside a catalogue generated
 * with it (look-alike-catalogue.ts): robots.txt names a sitemap index with a plain and a gzipped
 * part and disallows /private/; product pages carry schema.org Product data with and without
 * identifiers; some pages are not products; a CSV feed lists a few products whose pages the
 * sitemaps leave out; look-alikes differ from ours only in a model number or a size.
 */
const set = lookAlikeSet(60, 11, 0.8);
const FEED_SHARE = 5;
/** The found products the feed lists (the last few), the rest on pages. */
const inFeed = (at: number) => at >= set.found.length - FEED_SHARE;

interface Seen {
  path: string;
  startedAt: number;
  endedAt?: number;
}
const seen: Seen[] = [];
let inFlight = 0;
let maxInFlight = 0;

const jsonLd = (at: number) => {
  const found = set.found[at];
  if (!found) throw new Error(`no product ${at}`);
  const gtin = found.gtins[0];
  return JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: found.name,
    ...(found.brand ? { brand: { '@type': 'Brand', name: found.brand } } : {}),
    ...(gtin ? { gtin13: gtin } : {}),
    ...(found.mpn ? { mpn: found.mpn } : {}),
    offers: { '@type': 'Offer', price: `${10 + at}.99`, priceCurrency: 'GBP' },
  });
};
const page = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title>${body}</head><body><h1>${title}</h1></body></html>`;
const urlset = (locs: string[]) =>
  `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<url><loc>${l}</loc></url>`).join('')}</urlset>`;

const server = createServer((req, res) => {
  const entry: Seen = { path: req.url ?? '', startedAt: performance.now() };
  seen.push(entry);
  inFlight++;
  maxInFlight = Math.max(maxInFlight, inFlight);
  res.once('close', () => {
    inFlight--;
    entry.endedAt = performance.now();
  });
  const path = req.url ?? '';
  const onPages = set.found.map((_, at) => at).filter((at) => !inFeed(at));
  const half = Math.ceil(onPages.length / 2);
  const files: Record<string, () => string | Buffer> = {
    '/robots.txt': () => `User-agent: *\nDisallow: /private/\nSitemap: ${origin}/sitemaps/index.xml\n`,
    '/sitemaps/index.xml': () =>
      `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${origin}/sitemaps/a.xml</loc></sitemap><sitemap><loc>${origin}/sitemaps/b.xml.gz</loc></sitemap></sitemapindex>`,
    '/sitemaps/a.xml': () =>
      urlset([
        ...onPages.slice(0, half).map((at) => `${origin}/product/${at + 1}`),
        `${origin}/about`,
        `${origin}/private/secret-product`,
      ]),
    '/sitemaps/b.xml.gz': () =>
      gzipSync(urlset([...onPages.slice(half).map((at) => `${origin}/product/${at + 1}`), `${origin}/help`])),
    '/feed.csv': () =>
      [
        'title,link,price,currency,gtin,mpn,brand,availability',
        ...set.found.flatMap((found, at) =>
          inFeed(at)
            ? [
                `"${found.name}",${origin}/product/${at + 1},${10 + at}.99,GBP,${found.gtins[0] ?? ''},${found.mpn ?? ''},${found.brand ?? ''},in stock`,
              ]
            : [],
        ),
      ].join('\n'),
    '/about': () => page('About us', ''),
    '/help': () => page('Help', ''),
    '/private/secret-product': () =>
      page('Secret', `<script type="application/ld+json">${jsonLd(0)}</script>`),
  };
  const product = /^\/product\/(\d+)$/.exec(path);
  const body = product
    ? page('Product', `<script type="application/ld+json">${jsonLd(Number(product[1]) - 1)}</script>`)
    : files[path]?.();
  if (body === undefined) return res.writeHead(404).end();
  res
    .writeHead(200, {
      'content-type': path.endsWith('.gz')
        ? 'application/gzip'
        : path.endsWith('.csv')
          ? 'text/csv'
          : 'text/html',
    })
    .end(body);
});
server.listen(0, '127.0.0.1');
await once(server, 'listening');
const hostPort = `127.0.0.1:${(server.address() as AddressInfo).port}`;
const origin = `http://${hostPort}`;
afterAll(() => new Promise((resolve) => server.close(resolve)));

const { stack, token } = await signedInStack({
  env: { SCRAPER_ALLOW_HOSTS: hostPort },
  hostOnly: TEST_HOST_SETTINGS,
});

/** Our product id of each catalogue product of the set, by its place. */
const ours: number[] = [];
let competitorId: number;

beforeAll(async () => {
  for (const product of set.catalogue) {
    const added = await stack.api('POST /api/products', {
      token,
      body: {
        sku: `DISC-${product.id}`,
        name: product.name,
        current_price: 20,
        ...(product.brand ? { brand: product.brand } : {}),
        ...(product.gtin ? { gtin: product.gtin } : {}),
        ...(product.mpn ? { mpn: product.mpn } : {}),
      },
    });
    if (added.status !== 201) throw new Error(JSON.stringify(added.body));
    ours.push(added.body.product.id);
  }
  const competitor = await stack.api('POST /api/competitors', {
    token,
    body: {
      name: 'Generated Shop',
      domain: hostPort,
      feeds: [{ url: `${origin}/feed.csv`, format: 'csv' }],
    },
  });
  competitorId = competitor.body.competitor.id;
});

const discovery = async () =>
  (await stack.api('GET /api/competitors/{id}/discovery', { token, params: { id: competitorId } })).body
    .discovery as DiscoveryJob;
const pending = async () =>
  (
    await stack.api('GET /api/match-suggestions', {
      token,
      query: { status: 'pending', competitor_id: String(competitorId), page_size: '100' },
    })
  ).body.suggestions;

/** The found product a suggestion names (by its page), and the catalogue product it truly is. */
const truthOf = (suggestion: MatchSuggestion) => {
  const at = Number(/\/product\/(\d+)$/.exec(suggestion.theirs.url)?.[1]) - 1;
  const truth = set.truth[at];
  return { at, right: truth !== null && truth !== undefined && ours[truth - 1] === suggestion.ours.id };
};

describe('discovering a competitor’s products', () => {
  let job: DiscoveryJob;
  let suggestions: MatchSuggestion[];
  let elapsedMs: number;

  beforeAll(async () => {
    expect(await discovery()).toBeNull();
    const startedAt = performance.now();
    const started = await stack.api('POST /api/competitors/{id}/discover', {
      token,
      params: { id: competitorId },
    });
    if (started.status !== 202) throw new Error(JSON.stringify(started.body));
    expect(started.body.discovery).toMatchObject({ status: 'queued', competitor_id: competitorId });
    // One job per competitor at a time.
    const again = await stack.api('POST /api/competitors/{id}/discover', {
      token,
      params: { id: competitorId },
    });
    expect(again.status).toBe(409);
    await stack.stepFunctions.idle();
    elapsedMs = performance.now() - startedAt;
    job = await discovery();
    suggestions = await pending();
  });

  it('reads the sitemap index and its gzipped part, the feed, and every listed page once', () => {
    const pagesInSitemaps = set.found.length - FEED_SHARE + 3;
    expect(job).toMatchObject({
      status: 'completed',
      pages_listed: pagesInSitemaps,
      pages_recent: 0,
      // Every listed page but the disallowed one.
      pages_read: pagesInSitemaps - 1,
      // About, Help, and the disallowed page.
      pages_skipped: 3,
      products_found: set.found.length,
      errors: 0,
    });
    expect(job.started_at).not.toBeNull();
    expect(job.finished_at).not.toBeNull();
    const products = seen.filter((r) => r.path.startsWith('/product/')).map((r) => r.path);
    expect(products).toHaveLength(set.found.length - FEED_SHARE);
    expect(new Set(products).size).toBe(products.length);
    expect(job.suggestions).toBe(suggestions.length);
  });

  it('never fetches a page robots.txt disallows, and paces the shop', () => {
    expect(seen.filter((r) => r.path.startsWith('/private/'))).toEqual([]);
    expect(maxInFlight).toBeLessThanOrEqual(2);
    // At most 2 at a time and every start 50 ms (the test spacing) after the one before.
    expect(elapsedMs).toBeGreaterThanOrEqual((seen.length - 1) * TEST_HOST_SETTINGS.hostSpacingMsForTests);
  });

  it('suggests identifier matches rightly and name matches with ≥ 95 % precision, ≥ 80 % recall, never a look-alike', () => {
    const byIdentifier = suggestions.filter((s) => s.reason !== 'name');
    const byName = suggestions.filter((s) => s.reason === 'name');
    expect(byIdentifier.length).toBeGreaterThan(0);
    expect(byIdentifier.filter((s) => !truthOf(s).right)).toEqual([]);
    expect(byIdentifier.every((s) => s.score === 1)).toBe(true);
    const rightNames = byName.filter((s) => truthOf(s).right).length;
    expect(rightNames / byName.length).toBeGreaterThanOrEqual(0.95);
    const nameOnlyPairs = set.found.filter((_, at) => set.truth[at] !== null && !set.identified[at]).length;
    expect(rightNames / nameOnlyPairs).toBeGreaterThanOrEqual(0.8);
    expect(suggestions.filter((s) => set.lookAlike[truthOf(s).at])).toEqual([]);
    // Both sides shown: ours and theirs, with their price as the page or the feed gave it.
    const first = suggestions[0] as MatchSuggestion;
    expect(first.theirs.price).toBe(10 + truthOf(first).at + 0.99);
    expect(first.theirs.currency).toBe('GBP');
  });

  it('adds the competitor URL on accept, remembers a reject, and reads only pages not read in 7 days next time', async () => {
    const [accepted, rejected] = suggestions as [MatchSuggestion, MatchSuggestion];
    const acceptAnswer = await stack.api('POST /api/match-suggestions/{id}/accept', {
      token,
      params: { id: accepted.id },
    });
    expect(acceptAnswer.body.suggestion).toMatchObject({ status: 'accepted' });
    const urls = await stack.api('GET /api/competitor-urls', { token, query: {} });
    expect(urls.body.competitorUrls.map((u) => [u.product_id, u.url])).toEqual([
      [accepted.ours.id, accepted.theirs.url],
    ]);
    await stack.api('POST /api/match-suggestions/{id}/reject', { token, params: { id: rejected.id } });

    const productRequests = seen.filter((r) => r.path.startsWith('/product/')).length;
    await stack.api('POST /api/competitors/{id}/discover', { token, params: { id: competitorId } });
    await stack.stepFunctions.idle();
    const second = await discovery();
    expect(second).toMatchObject({ status: 'completed', pages_listed: 0, pages_read: 0 });
    expect(second.pages_recent).toBe(job.pages_listed);
    expect(seen.filter((r) => r.path.startsWith('/product/')).length).toBe(productRequests);
    const again = await pending();
    const pair = (s: MatchSuggestion) => `${s.ours.id} ${s.theirs.url}`;
    // Neither the rejected pair nor the product now watched there comes back.
    expect(again.map(pair)).not.toContain(pair(rejected));
    expect(again.filter((s) => s.ours.id === accepted.ours.id)).toEqual([]);
    expect(again).toHaveLength(suggestions.length - 2);
  });

  it('follows the admins’ settings: the name threshold, and identifier matches accepted on their own', async () => {
    const defaults = await stack.api('GET /api/discovery-settings', { token });
    expect(defaults.body.settings).toEqual({ max_pages: 20_000, match_threshold: 0.8, auto_accept: [] });
    const wrong = await stack.send<{ error: string }>('PUT', '/api/discovery-settings', {
      token,
      body: { max_pages: 500, match_threshold: 2, auto_accept: [] },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('match_threshold must be a number from 0.5 to 1');
    const saved = await stack.api('PUT /api/discovery-settings', {
      token,
      body: { max_pages: 500, match_threshold: 0.99, auto_accept: ['gtin', 'gtin'] },
    });
    expect(saved.body.settings).toEqual({ max_pages: 500, match_threshold: 0.99, auto_accept: ['gtin'] });

    await stack.api('POST /api/competitors/{id}/discover', { token, params: { id: competitorId } });
    await stack.stepFunctions.idle();
    const left = await pending();
    expect(left.filter((s) => s.reason === 'gtin')).toEqual([]);
    expect(left.filter((s) => s.reason === 'name' && s.score < 0.99)).toEqual([]);
    const accepted = (
      await stack.api('GET /api/match-suggestions', {
        token,
        query: { status: 'accepted', reason: 'gtin', competitor_id: String(competitorId), page_size: '100' },
      })
    ).body.suggestions;
    expect(accepted.length).toBeGreaterThan(0);
    expect(accepted.every((s) => s.decided_by === 'discovery' && s.competitor_url_id !== null)).toBe(true);
  });

  it('is started by admins only, for a competitor that exists', async () => {
    await addUser({
      email: 'sam@example.com',
      username: 'sam',
      firstName: 'Sam',
      password: 'sam-password-1',
    });
    const staff = await stack.login('sam@example.com', 'sam-password-1');
    const refused = await stack.api('POST /api/competitors/{id}/discover', {
      token: staff,
      params: { id: competitorId },
    });
    expect(refused.status).toBe(403);
    const missing = await stack.api('POST /api/competitors/{id}/discover', { token, params: { id: 9999 } });
    expect(missing.status).toBe(404);
    // Anyone signed in sees the progress.
    const settings = await stack.api('PUT /api/discovery-settings', {
      token: staff,
      body: { max_pages: 1, match_threshold: 0.8, auto_accept: [] },
    });
    expect(settings.status).toBe(403);
    const progress = await stack.api('GET /api/competitors/{id}/discovery', {
      token: staff,
      params: { id: competitorId },
    });
    expect(progress.body.discovery?.status).toBe('completed');
  });
});
