import { addUser, disableUser } from '@cmp/functions/auth/users';
import { routes } from '@cmp/functions/http/routes';
import { decodeProtectedHeader, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/test-stack';

/**
 * Walks the whole route table: every route but the public ones must refuse each kind of bad
 * credential with 401 `{ success: false, error }`.
 */
let stack: TestStack;
const badCredentials: Record<string, () => Promise<string | undefined>> = {};
/** Made by the same sign() as the bad ones, with every claim right: proves the 401s come from the flaw. */
let wellSignedToken: string;

const protectedRoutes = routes.filter((route) => !('public' in route && route.public));
const concretePath = (path: string) => path.replace(/\{[^}]+\}/g, '1');

beforeAll(async () => {
  stack = await startTestStack();
  const secret = new TextEncoder().encode(stack.settings.TOKEN_SECRET);
  const validToken = await stack.login();
  const { sid, sub } = decodePayload(validToken);
  const { kid } = decodeProtectedHeader(validToken);
  const sign = (claims: { iss?: string; aud?: string; exp?: number }, key = secret) =>
    new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid })
      .setSubject(sub)
      .setIssuer(claims.iss ?? 'check-my-price')
      .setAudience(claims.aud ?? 'check-my-price-web')
      .setIssuedAt()
      .setExpirationTime(claims.exp ?? Math.floor(Date.now() / 1000) + 3600)
      .sign(key);

  const staff = await addUser({
    email: 'sam@example.com',
    username: 'sam',
    firstName: 'Sam',
    password: 'sam-password-1',
  });
  const disabledUsersToken = await stack.login('sam@example.com', 'sam-password-1');
  await disableUser(staff.id);

  const loggedOutToken = await stack.login();
  await stack.api('POST /api/auth/logout', { token: loggedOutToken });

  wellSignedToken = await sign({});
  Object.assign(badCredentials, {
    'no Authorization header': async () => undefined,
    'a malformed header': async () => 'Bearer not-a-token',
    'a wrong signature': async () =>
      sign({}, new TextEncoder().encode('another-key-another-key-another-key!')),
    'alg none': async () => `${b64({ alg: 'none', typ: 'JWT' })}.${validToken.split('.')[1]}.`,
    'an expired token': async () => sign({ exp: Math.floor(Date.now() / 1000) - 60 }),
    'a wrong issuer': async () => sign({ iss: 'someone-else' }),
    'a wrong audience': async () => sign({ aud: 'another-app' }),
    'a token used after logout': async () => loggedOutToken,
    "a disabled user's token": async () => disabledUsersToken,
  });
  // Four scrypt hashes (N=2^17): more than a hook's default 10 s on a busy machine.
}, 60_000);
afterAll(() => stack.stop());

function decodePayload(token: string): { sid: string; sub: string } {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
}
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('the control', () => {
  it.each(['/api/products', '/api/categories', '/api/competitor-urls'])(
    'lets a token from the same signer with the right claims through GET %s',
    async (path) => {
      const { status, body } = await stack.send('GET', path, { token: wellSignedToken });

      expect(status).toBe(200);
      expect(body.success).toBe(true);
    },
  );
});

describe.each(protectedRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
  '%s',
  (_, route) => {
    it.each([
      'no Authorization header',
      'a malformed header',
      'a wrong signature',
      'alg none',
      'an expired token',
      'a wrong issuer',
      'a wrong audience',
      'a token used after logout',
      "a disabled user's token",
    ])('answers 401 for %s', async (kind) => {
      const credential = await badCredentials[kind]?.();
      const headers: Record<string, string> = credential
        ? { authorization: credential.startsWith('Bearer ') ? credential : `Bearer ${credential}` }
        : {};

      const { status, body } = await stack.send(route.method, concretePath(route.path), {
        headers,
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: {} }),
      });

      expect(status).toBe(401);
      expect(body).toEqual({ success: false, error: expect.any(String) });
    });
  },
);

describe('public routes', () => {
  it('are exactly sign-in, session status and the API description', () => {
    const publicRoutes = routes.filter((route) => 'public' in route && route.public);

    expect(publicRoutes.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      'GET /api/auth/status',
      'GET /api/openapi.json',
      'POST /api/auth/login',
    ]);
  });
});

describe('a malformed path', () => {
  it.each(['PUT /api/products/%E0%A4%A', 'GET /api/products/%', 'GET /%E0%A4%A'])(
    '%s answers 400 before authentication, not 500',
    async (request) => {
      const [method = 'GET', path = '/'] = request.split(' ');
      const { status, body } = await stack.send(method, path, method === 'PUT' ? { body: {} } : {});

      expect(status).toBe(400);
      expect(body).toEqual({ success: false, error: 'Malformed URL path' });
    },
  );
});
