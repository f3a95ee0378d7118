import { addUser } from '@cmp/functions/auth/users';
import { ADMINS_ONLY_COMPARISON_SETTINGS, outcomeOfLegacyCheck } from '@cmp/shared';
import { describe, expect, it } from 'vitest';
import { seededEffect } from '../support/run-records';
import { signedInStack } from '../support/signed-in-stack';

/**
 * The comparison settings (issue 33, docs/rules.md#1-price-comparison): by default every priced
 * offer is compared, in stock or not, as the spec has it; with `compare_in_stock_only` the dashboard's
 * comparison, its figures and the suggestions leave out-of-stock offers out, still showing them.
 */
const { stack, token } = await signedInStack();
await addUser({ email: 'sam@example.com', username: 'sam', firstName: 'Sam', password: 'sam-password-1' });
const staff = await stack.login('sam@example.com', 'sam-password-1');

const { product } = (
  await stack.api('POST /api/products', {
    token,
    body: { sku: 'STOCK-1', name: 'Stocked kettle', current_price: 50, cost: 20 },
  })
).body;

/** A URL of the product whose check found `price`, in stock or not. */
async function seedOffer(name: string, price: number, inStock: boolean) {
  const { recordLatestObservation } = await import('@cmp/functions/data/url-price-state.repository');
  const added = await stack.api('POST /api/competitor-urls', {
    token,
    body: { product_id: product.id, competitor_name: name, url: `https://${name}/p/kettle` },
  });
  const observation = {
    run_id: '20261128T090000000Z-stock',
    price,
    currency: 'GBP',
    in_stock: inStock,
    confidence: 0.95,
    scraped_at: '2026-11-28T09:00:00.000Z',
    error_message: null,
    ...outcomeOfLegacyCheck({ price, error_message: null }),
  };
  await recordLatestObservation(added.body.competitorUrl.id, observation, seededEffect(observation));
}
await seedOffer('gone.example', 40, false);
await seedOffer('here.example', 45, true);
await stack.api('PUT /api/pricing-rules', {
  token,
  body: {
    rules: [
      { name: 'Match', scope: 'all', target: 'match_lowest', competitors: 'all', floor: { amount: 1 } },
    ],
  },
});

const row = async () =>
  (await stack.api('GET /api/dashboard/products', { token, query: { search: 'STOCK-1' } })).body.products[0];
const suggested = async () =>
  (await stack.api('GET /api/price-suggestions', { token, query: { search: 'STOCK-1' } })).body
    .suggestions[0];

describe('the comparison settings', () => {
  it('compare every priced offer by default, in stock or not', async () => {
    const settings = await stack.api('GET /api/comparison-settings', { token: staff });
    const seen = await row();

    expect(settings.body).toEqual({
      success: true,
      settings: { compare_in_stock_only: false, compare_with_shipping: false },
    });
    expect(seen?.price_comparison).toMatchObject({ lowest_competitor_price: 40, competitors_with_data: 2 });
    expect(seen?.bestCompetitor?.url).toBe('https://gone.example/p/kettle');
    expect((await suggested())?.suggested_price).toBe(40);
  });

  it('leave out-of-stock offers out of the comparison, its figures and the suggestions once set, still showing them', async () => {
    const changed = await stack.api('PUT /api/comparison-settings', {
      token,
      body: { compare_in_stock_only: true },
    });
    const seen = await row();

    expect(changed.body).toEqual({
      success: true,
      settings: { compare_in_stock_only: true, compare_with_shipping: false },
    });
    expect(seen?.price_comparison).toMatchObject({
      status: 'HIGHER',
      lowest_competitor_price: 45,
      competitors_with_data: 1,
    });
    expect(seen?.price_comparison.competitor_prices).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          url: 'https://gone.example/p/kettle',
          price: 40,
          counted: false,
          stock_excluded: true,
        }),
      ]),
    );
    expect((await suggested())?.suggested_price).toBe(45);

    // And back: every offer counts again.
    await stack.api('PUT /api/comparison-settings', { token, body: { compare_in_stock_only: false } });
    expect((await row())?.price_comparison.lowest_competitor_price).toBe(40);
  });

  it('are changed by admins only, with a clear message for a bad value', async () => {
    const refused = await stack.api('PUT /api/comparison-settings', {
      token: staff,
      body: { compare_in_stock_only: true },
    });
    const invalid = await stack.send<{ error: string }>('PUT', '/api/comparison-settings', {
      token,
      body: { compare_in_stock_only: 'yes' },
    });

    expect([refused.status, refused.body.error]).toEqual([403, ADMINS_ONLY_COMPARISON_SETTINGS]);
    expect([invalid.status, invalid.body.error]).toEqual([
      400,
      'compare_in_stock_only must be true or false',
    ]);
    expect((await stack.api('GET /api/comparison-settings', { token })).body.settings).toEqual({
      compare_in_stock_only: false,
      compare_with_shipping: false,
    });
  });
});
