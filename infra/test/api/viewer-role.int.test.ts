import { addUser } from '@cmp/functions/auth/users';
import { routes } from '@cmp/functions/http/routes';
import { contract, VIEWERS_READ_ONLY } from '@cmp/shared';
import { describe, expect, it } from 'vitest';
import { signedInStack } from '../support/signed-in-stack';

/**
 * The viewer role (issue 33, docs/rules.md#18-roles-and-permissions): reads everything, changes
 * nothing. Walks the whole route table: every route that changes something refuses a viewer with
 * 403 before it reads a body or a row; the reads and the few read-only POSTs answer as for anyone.
 */
const { stack, token } = await signedInStack();
const added = await stack.api('POST /api/users', {
  token,
  body: {
    email: 'vera@example.com',
    username: 'vera',
    first_name: 'Vera',
    role: 'viewer',
    password: 'vera-password-1',
  },
});
const viewer = await stack.login('vera@example.com', 'vera-password-1');
await stack.api('POST /api/products', { token, body: { sku: 'V-1', name: 'Seen only', current_price: 9 } });
await addUser({ email: 'sam@example.com', username: 'sam', firstName: 'Sam', password: 'sam-password-1' });

const concretePath = (path: string) => path.replace(/\{[^}]+\}/g, '1');
const writes = routes.filter(
  (route) => !route.public && route.method !== 'GET' && !('readOnly' in contract[route.id]),
);

describe('a viewer', () => {
  it('is a role an admin gives, and signs in as one', async () => {
    const status = await stack.api('GET /api/auth/status', { token: viewer });

    expect(added.status).toBe(201);
    expect(status.body).toMatchObject({ isAuthenticated: true, user: { username: 'vera', role: 'viewer' } });
  });

  it.each(writes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    'is refused %s with 403, whatever the body',
    async (_, route) => {
      const { status, body } = await stack.send(route.method, concretePath(route.path), {
        token: viewer,
        body: {},
      });

      expect([status, body]).toEqual([403, { success: false, error: VIEWERS_READ_ONLY }]);
    },
  );

  it('changed nothing by trying', async () => {
    const products = (await stack.api('GET /api/products', { token })).body.products;

    expect(products.map((product) => product.sku)).toEqual(['V-1']);
  });

  it('reads the lists, previews rules and signs out', async () => {
    const lists = await Promise.all([
      stack.api('GET /api/products', { token: viewer }),
      stack.api('GET /api/dashboard/products', { token: viewer }),
      stack.api('GET /api/pricing-rules', { token: viewer }),
    ]);
    const preview = await stack.api('POST /api/pricing-rules/preview', {
      token: viewer,
      body: { rules: [] },
    });
    const signedOut = await stack.api('POST /api/auth/logout', { token: viewer });

    expect(lists.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(preview.body).toEqual({ success: true, preview: [], unmatched: 1 });
    expect(signedOut.status).toBe(200);
  });

  it('is not what staff are: staff still change the catalogue', async () => {
    const staff = await stack.login('sam@example.com', 'sam-password-1');
    const created = await stack.api('POST /api/products', {
      token: staff,
      body: { sku: 'S-1', name: 'By staff', current_price: 3 },
    });

    expect(created.status).toBe(201);
  });
});
