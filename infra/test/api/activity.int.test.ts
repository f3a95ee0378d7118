import { addUser } from '@cmp/functions/auth/users';
import { type ActivityEntry, ADMINS_ONLY_ACTIVITY } from '@cmp/shared';
import { describe, expect, it } from 'vitest';
import { signedInStack } from '../support/signed-in-stack';

/**
 * The activity log (issue 33, docs/rules.md#26-activity-log): every change request that succeeded,
 * with who, when, what, the ids in its path and before → after for prices; admins read it newest
 * first, a page at a time, filtered by user, kind and days.
 */
const { stack, token } = await signedInStack();
const sam = await addUser({
  email: 'sam@example.com',
  username: 'sam',
  firstName: 'Sam',
  password: 'sam-password-1',
});
const staff = await stack.login('sam@example.com', 'sam-password-1');

const { product } = (
  await stack.api('POST /api/products', { token, body: { sku: 'A-1', name: 'Kettle', current_price: 10 } })
).body;
await stack.api('PUT /api/products/{id}', {
  token,
  params: { id: product.id },
  body: { sku: 'A-1', name: 'Kettle', current_price: 12.5 },
});
await stack.api('POST /api/categories', { token: staff, body: { name: 'Kitchen' } });
// Refused: nothing changed, nothing kept.
await stack.api('POST /api/products', { token, body: { sku: '', name: 'Bad', current_price: 1 } });
await stack.api('PUT /api/pricing-rules', {
  token,
  body: {
    rules: [
      { name: 'Match', scope: 'all', target: 'match_lowest', competitors: 'all', floor: { amount: 1 } },
    ],
  },
});

const read = async (query: Record<string, string> = {}, who = token) =>
  stack.api('GET /api/activity', { token: who, query });
const summary = (entries: ActivityEntry[]) =>
  entries.map((entry) => [entry.username, entry.action, entry.target]);

describe('the activity log', () => {
  it('keeps each change that succeeded, newest first, with who, what and the price before → after', async () => {
    const { status, body } = await read();

    expect(status).toBe(200);
    expect(summary(body.activity)).toEqual([
      ['admin', 'PUT /api/pricing-rules', null],
      ['sam', 'POST /api/categories', null],
      ['admin', 'PUT /api/products/{id}', String(product.id)],
      ['admin', 'POST /api/products', null],
    ]);
    expect(body.activity[2]).toMatchObject({
      kind: 'products',
      what: 'Change a product',
      changes: [{ target: 'product A-1', field: 'current_price', before: 10, after: 12.5 }],
      more_changes: 0,
    });
    expect(body.activity[0]?.kind).toBe('pricing');
    expect(body.next_cursor).toBeNull();
  });

  it('filters by user, kind and days, and pages without repeating', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const bySam = await read({ user_id: String(sam.id) });
    const products = await read({ kind: 'products' });
    const todays = await read({ from: today, to: today });
    const longAgo = await read({ from: '2025-01-01', to: '2025-01-31' });
    const first = await read({ page_size: '3' });
    const second = await read({ page_size: '3', cursor: first.body.next_cursor ?? '' });

    expect(summary(bySam.body.activity)).toEqual([['sam', 'POST /api/categories', null]]);
    expect(products.body.activity.map((entry) => entry.action)).toEqual([
      'POST /api/categories',
      'PUT /api/products/{id}',
      'POST /api/products',
    ]);
    expect(todays.body.activity).toHaveLength(4);
    expect(longAgo.body.activity).toEqual([]);
    expect(first.body.activity).toHaveLength(3);
    expect(summary(second.body.activity)).toEqual([['admin', 'POST /api/products', null]]);
    expect(second.body.next_cursor).toBeNull();
  });

  it('is for admins only, and says what is wrong with a filter', async () => {
    const refused = await read({}, staff);
    const badKind = await stack.send<{ error: string }>('GET', '/api/activity?kind=weather', { token });
    const badDay = await stack.send<{ error: string }>('GET', '/api/activity?from=28-11-2026', { token });

    expect([refused.status, refused.body.error]).toEqual([403, ADMINS_ONLY_ACTIVITY]);
    expect([badKind.status, badKind.body.error]).toEqual([
      400,
      expect.stringContaining('kind must be one of'),
    ]);
    expect([badDay.status, badDay.body.error]).toEqual([400, 'from must be a date such as 2026-11-28']);
  });
});
