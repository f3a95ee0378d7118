import { describe, expect, it } from 'vitest';
import type { ResultOf } from './http-handler';

// Type tests: `npm run typecheck -w functions` fails when a `@ts-expect-error` below stops being
// an error, i.e. when a handler could answer something the contract does not describe.

/** Stands in for `groupHandler`'s check without starting a Lambda: the same types, nothing run. */
declare const groupHandler: typeof import('./http-handler').groupHandler;

const typeChecks = () => {
  groupHandler('auth', {
    // @ts-expect-error: `extra` is not in the contract's answer of POST /api/auth/logout
    'POST /api/auth/logout': async () => ({ body: { success: true, extra: 1 } }),
    'POST /api/auth/login': async () => ({
      body: {
        success: true,
        token: 't',
        user: { id: 1, username: 'a', email: 'a@b.c', firstName: 'A', lastName: 'B', role: 'admin' },
      },
    }),
    'GET /api/auth/status': async () => ({ body: { isAuthenticated: false, user: null } }),
    'GET /api/openapi.json': async () => ({ body: { openapi: '3.1.0', info: { title: 't', version: '1' } } }),
  });

  groupHandler('auth', {
    'POST /api/auth/logout': async () => ({ body: { success: true } }),
    // @ts-expect-error: the contract's answer of POST /api/auth/login has a `token` and a `user`
    'POST /api/auth/login': async () => ({ body: { success: true } }),
    'GET /api/auth/status': async () => ({ body: { isAuthenticated: false, user: null } }),
    'GET /api/openapi.json': async () => ({ body: { openapi: '3.1.0', info: { title: 't', version: '1' } } }),
  });

  // @ts-expect-error: POST /api/categories answers 201, so the status must be given
  const created: ResultOf<'POST /api/categories'> = {
    body: { success: true, category: { id: 1, name: 'n', description: null, _count: { products: 0 } } },
  };
  // @ts-expect-error: the contract's 200 answer of GET /api/products is a list of products, not one
  const wrongShape: ResultOf<'GET /api/products'> = { body: { success: true, product: {} } };
  return [created, wrongShape];
};

describe('handler types from the contract', () => {
  it('are checked by the compiler (the @ts-expect-error lines above); nothing runs', () => {
    expect(typeof typeChecks).toBe('function');
  });
});
