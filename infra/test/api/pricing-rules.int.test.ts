import { addUser } from '@cmp/functions/auth/users';
import { ADMINS_ONLY_PRICING_RULES, type PricingRuleInput } from '@cmp/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../../functions/src/catalogue/csv/csv-parse';
import { startFixtureShop } from '../support/fixture-shop';
import { signedInStack } from '../support/signed-in-stack';

// Pricing rules (docs/api.md#pricing-rules, issue 33): anyone reads the ordered list, admins
// replace it; a rule sent back with its id keeps it.
// Suggestions need checked prices: the stack may fetch a loopback fixture shop.
const shop = await startFixtureShop();
afterAll(() => shop.close());
const { stack, token } = await signedInStack({ env: { SCRAPER_ALLOW_HOSTS: shop.hostPort } });
await addUser({ email: 'sam@example.com', username: 'sam', firstName: 'Sam', password: 'sam-password-1' });
const staff = await stack.login('sam@example.com', 'sam-password-1');

const beat: PricingRuleInput = {
  name: 'Beat the cheapest',
  scope: 'all',
  target: 'beat_lowest',
  by_percent: 1,
  competitors: 'all',
  floor: { margin_percent: 20 },
  rounding: '0.99',
};
const kettles: PricingRuleInput = {
  name: 'Kettles match',
  scope: { skus: ['K-1', 'K-2'] },
  target: 'match_lowest',
  competitors: ['shop.example'],
  floor: { amount: 10 },
};

describe('pricing rules', () => {
  it('are none at first, and replaced in order by an admin, each given an id and its defaults', async () => {
    expect((await stack.api('GET /api/pricing-rules', { token: staff })).body.rules).toEqual([]);
    const saved = await stack.api('PUT /api/pricing-rules', { token, body: { rules: [kettles, beat] } });
    expect(saved.status).toBe(200);
    expect(saved.body.rules).toEqual([
      {
        ...kettles,
        id: 1,
        in_stock_only: false,
        min_competitors: 1,
        ceiling: null,
        rounding: 'none',
        max_change_percent: null,
      },
      { ...beat, id: 2, in_stock_only: false, min_competitors: 1, ceiling: null, max_change_percent: null },
    ]);
    expect((await stack.api('GET /api/pricing-rules', { token: staff })).body.rules).toEqual(
      saved.body.rules,
    );
  });

  it('keep their ids when sent back, reordered or changed; a new one gets a new id', async () => {
    const [first, second] = (await stack.api('GET /api/pricing-rules', { token })).body.rules;
    const saved = await stack.api('PUT /api/pricing-rules', {
      token,
      body: {
        rules: [
          { ...second, name: 'Beat by 2 %', by_percent: 2 },
          { ...beat, name: 'New' },
          first,
        ] as PricingRuleInput[],
      },
    });
    expect(saved.body.rules.map((rule) => [rule.id, rule.name])).toEqual([
      [2, 'Beat by 2 %'],
      [3, 'New'],
      [1, 'Kettles match'],
    ]);
  });

  it('are refused with the field and its rule, and changed by admins only', async () => {
    const wrong = await stack.send<{ error: string; fields?: Record<string, string> }>(
      'PUT',
      '/api/pricing-rules',
      {
        token,
        body: { rules: [{ ...beat, by_percent: undefined }] },
      },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('beat_lowest takes by_amount or by_percent, one of them');
    const refused = await stack.api('PUT /api/pricing-rules', { token: staff, body: { rules: [] } });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(ADMINS_ONLY_PRICING_RULES);
    expect((await stack.api('GET /api/pricing-rules', { token })).body.rules).toHaveLength(3);
  });
});

describe('price suggestions', () => {
  it("suggest each product's price from its first rule over the prices the comparison counts, filtered by direction", async () => {
    const add = async (sku: string, current_price: number, cost: number | null, pages: number[]) => {
      const { product } = (
        await stack.api('POST /api/products', {
          token,
          body: { sku, name: `Product ${sku}`, current_price, cost },
        })
      ).body;
      for (const n of pages)
        await stack.api('POST /api/competitor-urls', {
          token,
          body: { product_id: product.id, competitor_name: 'Fixture', url: `${shop.origin}/p/${n}` },
        });
      return product.id;
    };
    await add('SUG-A', 20, 10, [15, 17]);
    await add('SUG-B', 5, null, [9]);
    await add('SUG-C', 7, 3, []);
    await stack.api('PUT /api/pricing-rules', {
      token,
      body: {
        rules: [
          {
            name: 'B by amount',
            scope: { skus: ['SUG-B'] },
            target: 'beat_lowest',
            by_amount: 0.5,
            competitors: 'all',
            floor: { amount: 1 },
            rounding: '0.99',
          },
          {
            name: 'Everything',
            scope: 'all',
            target: 'match_lowest',
            competitors: 'all',
            floor: { margin_percent: 20 },
          },
        ],
      },
    });
    await stack.api('POST /api/scraper/run', { token, body: {} });
    await stack.stepFunctions.idle();

    const page = async (query: Record<string, string>) =>
      (await stack.api('GET /api/price-suggestions', { token, query })).body;
    const all = await page({ page: '1', page_size: '2' });
    expect(all).toMatchObject({ total: 3, page: 1, page_size: 2 });
    const [a, b] = all.suggestions;
    expect(a).toMatchObject({
      sku: 'SUG-A',
      current_price: 20,
      suggested_price: 15.99,
      change: -4.01,
      change_percent: -20.05,
      rule_id: 5,
      competitors: ['127.0.0.1'],
      reason: 'Everything: Match lowest → 15.99',
    });
    expect(b).toMatchObject({
      sku: 'SUG-B',
      suggested_price: 8.99,
      change: 3.99,
      rule_id: 4,
      reason: 'B by amount: Beat lowest by 0.50 → 9.49; rounded to 0.99 → 8.99',
    });
    expect((await page({ direction: 'none' })).suggestions).toEqual([
      expect.objectContaining({
        sku: 'SUG-C',
        suggested_price: null,
        reason: 'Everything: Too few competitors: 0 of the 1 needed',
      }),
    ]);
    expect((await page({ direction: 'up' })).suggestions.map((s) => s.sku)).toEqual(['SUG-B']);
    expect((await page({ direction: 'down', search: 'SUG-A' })).suggestions.map((s) => s.sku)).toEqual([
      'SUG-A',
    ]);
    // The export a shop system imports: the same suggestions, the same filters.
    const csv = await stack.send<string>('GET', '/api/price-suggestions/export.csv?direction=down', {
      token,
    });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(parseCsv(csv.body.replace(/^\uFEFF/, ''))).toEqual([
      ['SKU', 'Name', 'Current price', 'Suggested price', 'Change', 'Change %', 'Reason'],
      ['SUG-A', 'Product SUG-A', '20', '15.99', '-4.01', '-20.05', 'Everything: Match lowest → 15.99'],
    ]);
    const wrong = await stack.send<{ error: string }>('GET', '/api/price-suggestions?direction=sideways', {
      token,
    });
    expect(wrong.body.error).toBe('direction must be one of up, down, none');
    // The dashboard's Suggested column asks for the products of the page it shows.
    const [bId, cId] = [b?.product_id, (await page({ direction: 'none' })).suggestions[0]?.product_id];
    const asked = await page({ product_ids: `${cId},${bId}` });
    expect(asked.suggestions.map((s) => s.sku)).toEqual(['SUG-B', 'SUG-C']);
    const notIds = await stack.send<{ error: string }>('GET', '/api/price-suggestions?product_ids=1,x', {
      token,
    });
    expect([notIds.status, notIds.body.error]).toEqual([
      400,
      'product_ids must be up to 100 product ids separated by commas',
    ]);
  });

  it('are previewed before saving: how many products each rule would move, and how many no rule takes', async () => {
    const saved = (await stack.api('GET /api/pricing-rules', { token })).body.rules;
    const previewOf = async (rules: PricingRuleInput[]) =>
      (await stack.api('POST /api/pricing-rules/preview', { token: staff, body: { rules } })).body;

    // As saved: B up (5 → 8.99), A down (20 → 15.99), C taken by 'Everything' without prices.
    expect(await previewOf(saved)).toEqual({
      success: true,
      preview: [
        { up: 1, down: 0, none: 0, no_suggestion: 0 },
        { up: 0, down: 1, none: 0, no_suggestion: 1 },
      ],
      unmatched: 0,
    });
    // Unsaved: one rule for SUG-A alone; the others fall under none.
    expect(await previewOf([{ ...kettles, scope: { skus: ['SUG-A'] }, competitors: 'all' }])).toEqual({
      success: true,
      preview: [{ up: 0, down: 1, none: 0, no_suggestion: 0 }],
      unmatched: 2,
    });
    const refused = await stack.api('POST /api/pricing-rules/preview', {
      token,
      body: { rules: [{ ...beat, target: 'sideways' }] } as never,
    });
    expect(refused.status).toBe(400);
  });

  it('are applied by admins: each price becomes its suggestion, kept in its history with the rule', async () => {
    const bySku = async () =>
      new Map(
        (await stack.api('GET /api/products', { token, query: { search: 'SUG' } })).body.products.map((p) => [
          p.sku,
          p,
        ]),
      );
    const products = await bySku();
    const ids = ['SUG-A', 'SUG-B', 'SUG-C'].map((sku) => products.get(sku)?.id as number);
    const refused = await stack.api('POST /api/price-suggestions/apply', {
      token: staff,
      body: { product_ids: ids },
    });
    expect([refused.status, refused.body.error]).toEqual([403, ADMINS_ONLY_PRICING_RULES]);

    const applied = await stack.api('POST /api/price-suggestions/apply', {
      token,
      body: { product_ids: [...ids, 99_999] },
    });
    expect(applied.body).toEqual({
      success: true,
      applied: 2,
      errors: [
        { product_id: ids[2], error: 'Everything: Too few competitors: 0 of the 1 needed' },
        { product_id: 99_999, error: 'Product not found' },
      ],
    });
    const after = await bySku();
    expect([after.get('SUG-A')?.current_price, after.get('SUG-B')?.current_price]).toEqual([15.99, 8.99]);
    // The suggestions now are the prices: nothing more to move.
    expect(
      (await stack.api('GET /api/price-suggestions', { token, query: { direction: 'down' } })).body
        .suggestions,
    ).toEqual([]);

    // A change by hand is kept as the user's.
    const a = after.get('SUG-A');
    if (!a) throw new Error('SUG-A is missing');
    await stack.api('PUT /api/products/{id}', {
      token,
      params: { id: a.id },
      body: { sku: a.sku, name: a.name, current_price: 17.5, cost: a.cost },
    });
    const history = (
      await stack.api('GET /api/products/{id}/price-history', { token: staff, params: { id: a.id } })
    ).body.own_prices;
    expect(history.map(({ old_price, new_price, changed_by }) => [old_price, new_price, changed_by])).toEqual(
      [
        [20, 15.99, 'rule:5'],
        [15.99, 17.5, 'user:1'],
      ],
    );
    expect(Date.parse(history[1]?.at ?? '')).toBeGreaterThanOrEqual(Date.parse(history[0]?.at ?? ''));
    const missing = await stack.api('GET /api/products/{id}/price-history', {
      token,
      params: { id: 99_999 },
    });
    expect(missing.status).toBe(404);
  });
});
