import { addUser } from '@cmp/functions/auth/users';
import { lookAlikeSet } from '@cmp/functions/discovery/test-support/look-alike-catalogue';
import type { DiscoveryJob, MatchSuggestion } from '@cmp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureCompetitor } from '../support/fixture-competitor';
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
const shop = await startFixtureCompetitor(set, { feedShare: FEED_SHARE });
const { seen, hostPort, origin } = shop;
afterAll(() => shop.close());

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
    const pagesInSitemaps = shop.pagesListed;
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
    expect(shop.maxInFlight()).toBeLessThanOrEqual(2);
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

  it('records the price of a watched page a feed lists from the feed in a run, and fetches the page once the feed drops it', async () => {
    const at = shop.feedIndices[0] as number;
    const url = `${origin}/product/${at + 1}`;
    const all = (
      await stack.api('GET /api/match-suggestions', {
        token,
        query: { competitor_id: String(competitorId), page_size: '100' },
      })
    ).body.suggestions;
    const suggestion = all.find((s) => s.theirs.url === url);
    if (!suggestion) throw new Error(`${url} was not suggested`);
    if (suggestion.status === 'pending')
      await stack.api('POST /api/match-suggestions/{id}/accept', { token, params: { id: suggestion.id } });
    const watched = async () =>
      (await stack.api('GET /api/competitor-urls', { token, query: {} })).body.competitorUrls.find(
        (u) => u.url === url,
      );
    const pageRequests = () => seen.filter((r) => r.path === `/product/${at + 1}`).length;
    const before = pageRequests();

    await stack.api('POST /api/scraper/run', { token, body: {} });
    await stack.stepFunctions.idle();
    expect((await watched())?.last_check).toMatchObject({
      outcome: 'ok',
      price: 10 + at + 0.99,
      currency: 'GBP',
      in_stock: true,
      message: "Price found (from the shop's product feed)",
    });
    expect(pageRequests()).toBe(before);
    expect(seen.filter((r) => r.path === '/feed.csv').length).toBeGreaterThan(0);

    shop.dropFromFeed(at);
    await stack.api('POST /api/scraper/run', { token, body: {} });
    await stack.stepFunctions.idle();
    expect(pageRequests()).toBe(before + 1);
    const check = (await watched())?.last_check;
    expect(check).toMatchObject({ outcome: 'ok', price: 10 + at + 0.99 });
    expect(check?.message).toBe('Price found');
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
