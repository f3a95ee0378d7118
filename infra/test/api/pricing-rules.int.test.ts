import { addUser } from '@cmp/functions/auth/users';
import { ADMINS_ONLY_PRICING_RULES, type PricingRuleInput } from '@cmp/shared';
import { describe, expect, it } from 'vitest';
import { signedInStack } from '../support/signed-in-stack';

// Pricing rules (docs/api.md#pricing-rules, issue 33): anyone reads the ordered list, admins
// replace it; a rule sent back with its id keeps it.
const { stack, token } = await signedInStack();
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
