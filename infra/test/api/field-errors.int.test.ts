import { DEFAULT_ALERT_EVENTS } from '@cmp/shared';
import { describe, expect, it } from 'vitest';
import { signedInStack } from '../support/signed-in-stack';
import { ADMIN } from '../support/test-stack';

/**
 * A refusal about input fields names them (`fields`: path → message), so a form shows each message
 * beside its field (docs/api.md#errors-every-route-can-answer).
 */
const { stack, token } = await signedInStack();

type Refusal = { success: false; error: string; fields?: Record<string, string> };
const send = (path: string, body: Record<string, unknown>) =>
  stack.send<Refusal>('POST', path, { token, body });

describe('refusals name the fields they are about', () => {
  it('a body that fails its schema: each field once, its message without the field prefix', async () => {
    const { status, body } = await send('/api/products', {
      sku: 'F-1',
      name: 'x'.repeat(300),
      current_price: -1,
    });

    expect(status).toBe(400);
    expect(Object.keys(body.fields ?? {}).sort()).toEqual(['current_price', 'name']);
    for (const [field, message] of Object.entries(body.fields ?? {})) {
      expect(body.error).toContain(message);
      expect(message.startsWith(`${field}:`)).toBe(false);
    }
  });

  it('a URL the competitor-URL policy refuses names url', async () => {
    const product = await send('/api/products', { sku: 'F-2', name: 'Kettle', current_price: 5 });
    const productId = (product.body as unknown as { product: { id: number } }).product.id;

    const { status, body } = await send('/api/competitor-urls', {
      product_id: productId,
      competitor_name: 'Private',
      url: 'http://10.1.2.3/kettle',
    });

    expect(status).toBe(400);
    expect(body.fields).toEqual({ url: 'URL must point to a public address, not a private one' });
  });

  it('a taken e-mail names email, a taken username names username', async () => {
    const base = { first_name: 'Ann', role: 'staff', password: 'a-long-enough-password' };
    const email = await send('/api/users', { ...base, email: ADMIN.email, username: 'someone-new' });
    const username = await send('/api/users', {
      ...base,
      email: 'new@example.com',
      username: ADMIN.username,
    });

    expect(email.status).toBe(409);
    expect(Object.keys(email.body.fields ?? {})).toEqual(['email']);
    expect(username.status).toBe(409);
    expect(Object.keys(username.body.fields ?? {})).toEqual(['username']);
  });

  it('an alert channel refused by the URL rules names its target', async () => {
    const { status, body } = await stack.api('PUT /api/alert-settings', {
      token,
      body: {
        events: DEFAULT_ALERT_EVENTS,
        channels: [{ type: 'webhook', target: 'https://10.0.0.5/hook', enabled: true }],
      },
    });

    expect(status).toBe(400);
    expect(body.fields).toEqual({
      'channels.0.target': 'Channel 1: URL must point to a public address, not a private one',
    });
  });

  it('a refusal that is not about a field names none', async () => {
    const { status, body } = await stack.api('GET /api/products/{id}/price-history.csv', {
      token,
      params: { id: 'abc' },
    });

    expect(status).toBe(400);
    expect(body.fields).toBeUndefined();
  });
});
