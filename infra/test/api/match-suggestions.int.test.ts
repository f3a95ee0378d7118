import type { MatchSuggestion } from '@cmp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/test-stack';

// The review queue of suggested matches (docs/api.md#match-suggestions, issue 32): what discovery
// found at a competitor, matched against the catalogue; accept adds the competitor URL as POST
// /api/competitor-urls would, reject is remembered.
let stack: TestStack;
let token: string;
let competitorId: number;
const ids: Record<string, number> = {};
const shop = 'https://kitchen.example';

const found = (path: string, name: string, more: Record<string, unknown> = {}) => ({
  url: `${shop}${path}`,
  source: 'page' as const,
  product: {
    url: `${shop}${path}`,
    name,
    brand: null,
    gtins: [],
    mpn: null,
    sku: null,
    price: '19.99',
    currency: 'GBP',
    ...more,
  },
});

async function suggest() {
  const { suggestMatches } = await import('@cmp/functions/discovery/match-suggestions');
  const { listCompetitors } = await import('@cmp/functions/data/competitor.repository');
  const competitor = (await listCompetitors()).find((c) => c.id === competitorId);
  if (!competitor) throw new Error('no competitor');
  return suggestMatches(competitor, 0.8);
}
const list = async (query: Record<string, string> = {}) =>
  (await stack.api('GET /api/match-suggestions', { token, query })).body;

beforeAll(async () => {
  stack = await startTestStack();
  token = await stack.login();
  for (const [sku, name, more] of [
    ['K-1', 'Acme Kettle KX-200 1.7L', { gtin: '4006381333931' }],
    ['T-1', 'Borealis Toaster T-20 Black', { brand: 'Borealis' }],
    ['L-1', 'Desk Lamp L-4', {}],
  ] as const)
    ids[sku] = (
      await stack.api('POST /api/products', { token, body: { sku, name, current_price: 20, ...more } })
    ).body.product.id;
  competitorId = (
    await stack.api('POST /api/competitors', {
      token,
      body: { name: 'Kitchen World', domain: 'kitchen.example' },
    })
  ).body.competitor.id;
  const { putDiscoveredPages } = await import('@cmp/functions/data/discovered-page.repository');
  await putDiscoveredPages(competitorId, [
    found('/p/kettle', 'Some other title', { gtins: ['04006381333931'] }),
    found('/p/toaster', 'BOREALIS TOASTER T20 - Black, 2 slices'),
    found('/p/toaster-white', 'Borealis Toaster T-20 White'),
    found('/p/lamp-5', 'Desk Lamp L-5'),
    { url: `${shop}/about`, source: 'page', product: null },
  ]);
});
afterAll(() => stack.stop());

describe('match suggestions', () => {
  let suggestions: MatchSuggestion[];

  it('are made from what was found: identifiers and names, never a look-alike', async () => {
    expect(await suggest()).toBe(2);
    const page = await list({ status: 'pending', page: '1', page_size: '20' });
    suggestions = page.suggestions;
    expect(page).toMatchObject({ total: 2, page: 1, page_size: 20 });
    expect(suggestions.map((s) => [s.ours.sku, s.theirs.url, s.reason])).toEqual([
      ['K-1', `${shop}/p/kettle`, 'gtin'],
      ['T-1', `${shop}/p/toaster`, 'name'],
    ]);
    expect(suggestions[0]).toMatchObject({
      score: 1,
      ours: { sku: 'K-1', gtin: '4006381333931', price: 20 },
      theirs: { name: 'Some other title', price: 19.99, currency: 'GBP' },
      status: 'pending',
    });
    expect((await list({ reason: 'name', min_score: '0.8' })).suggestions).toHaveLength(1);
  });

  it('accepted: the page becomes the product’s competitor URL, and is not suggested again', async () => {
    const kettle = suggestions[0] as MatchSuggestion;
    const accepted = await stack.api('POST /api/match-suggestions/{id}/accept', {
      token,
      params: { id: kettle.id },
    });
    expect(accepted.body.suggestion).toMatchObject({ status: 'accepted', decided_by: 'admin' });
    const urls = await stack.api('GET /api/competitor-urls/product/{productId}', {
      token,
      params: { productId: ids['K-1'] as number },
    });
    expect(urls.body.competitorUrls).toMatchObject([
      {
        id: accepted.body.suggestion.competitor_url_id,
        url: `${shop}/p/kettle`,
        competitor_name: 'Kitchen World',
      },
    ]);
    const again = await stack.send('POST', `/api/match-suggestions/${kettle.id}/accept`, { token });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('This suggestion was already accepted');
  });

  it('rejected: remembered, so a later job does not suggest the pair again', async () => {
    const toaster = suggestions[1] as MatchSuggestion;
    const rejected = await stack.api('POST /api/match-suggestions/{id}/reject', {
      token,
      params: { id: toaster.id },
    });
    expect(rejected.body.suggestion.status).toBe('rejected');

    expect(await suggest()).toBe(0);
    expect((await list({ status: 'pending' })).suggestions).toEqual([]);
    expect((await list()).suggestions.map((s) => s.status).sort()).toEqual(['accepted', 'rejected']);
  });

  it('are accepted many at once by reason, each refusal reported', async () => {
    const { putDiscoveredPages } = await import('@cmp/functions/data/discovered-page.repository');
    await putDiscoveredPages(competitorId, [found('/p/lamp-4', 'DESK LAMP L4')]);
    expect(await suggest()).toBe(1);

    const bulk = await stack.api('POST /api/match-suggestions/accept', {
      token,
      body: { competitor_id: competitorId, reason: 'name' },
    });
    const byIds = await stack.api('POST /api/match-suggestions/accept', { token, body: { ids: [999_999] } });

    expect(bulk.body).toEqual({ success: true, accepted: 1, errors: [] });
    expect(byIds.body).toEqual({
      success: true,
      accepted: 0,
      errors: [{ id: 999_999, error: 'Suggestion not found' }],
    });
    const bad = await stack.send('GET', '/api/match-suggestions?min_score=2', { token });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('min_score must be a number from 0 to 1');
  });
});
