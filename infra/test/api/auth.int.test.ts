import { addUser } from '@cmp/functions/auth/users';
import { setUserDisabled } from '@cmp/functions/data/user.repository';
import { decodeProtectedHeader, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestStack, type TestStack } from '../support/test-stack';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.stop());

const isAuthenticated = async (token: string) =>
  (await stack.api('GET /api/auth/status', { token })).body.isAuthenticated;

describe('POST /api/auth/login', () => {
  it('signs in with the e-mail address and returns a token and the public user', async () => {
    const { status, body } = await stack.api('POST /api/auth/login', {
      body: { email: ADMIN.email, password: ADMIN.password },
    });

    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      user: { id: 1, username: 'admin', email: ADMIN.email, firstName: 'Admin', lastName: '', role: 'admin' },
    });
  });

  it('signs in with the username, whatever its case', async () => {
    const { status, body } = await stack.api('POST /api/auth/login', {
      body: { username: 'ADMIN', password: ADMIN.password },
    });

    expect(status).toBe(200);
    expect(body.success).toBe(true);
  });

  it('gives one answer for a wrong password and for an unknown user', async () => {
    const wrongPassword = await stack.api('POST /api/auth/login', {
      body: { email: ADMIN.email, password: 'not-the-password' },
    });
    const unknownUser = await stack.api('POST /api/auth/login', {
      body: { email: 'nobody@example.com', password: 'not-the-password' },
    });

    expect(wrongPassword.status).toBe(401);
    expect(unknownUser.status).toBe(401);
    expect(wrongPassword.body).toEqual({ success: false, error: 'Invalid email/username or password' });
    expect(unknownUser.body).toEqual(wrongPassword.body);
  });

  it('refuses a request without a password with a clear 400', async () => {
    const { status, body } = await stack.send('POST', '/api/auth/login', { body: { email: ADMIN.email } });

    expect(status).toBe(400);
    expect(body).toEqual({
      success: false,
      error: 'Password is required',
      fields: { password: 'Password is required' },
    });
  });

  it('refuses a password over 1024 characters as too long', async () => {
    const { status, body } = await stack.api('POST /api/auth/login', {
      body: { email: ADMIN.email, password: 'x'.repeat(2000) },
    });

    expect(status).toBe(400);
    expect(body).toEqual({
      success: false,
      error: 'Password must be at most 1024 characters',
      fields: { password: 'Password must be at most 1024 characters' },
    });
  });

  it('refuses a body that is not JSON', async () => {
    const { status, body } = await stack.send('POST', '/api/auth/login', { body: '{"email":' });

    expect(status).toBe(400);
    expect(body).toEqual({ success: false, error: 'Request body is not valid JSON' });
  });
});

describe('GET /api/auth/status and POST /api/auth/logout', () => {
  it('reports the signed-in user, and nobody once the session is logged out', async () => {
    const token = await stack.login();

    const before = await stack.api('GET /api/auth/status', { token });
    const logout = await stack.api('POST /api/auth/logout', { token });
    const after = await stack.api('GET /api/auth/status', { token });

    expect(before.body).toEqual({
      isAuthenticated: true,
      user: expect.objectContaining({ email: ADMIN.email }),
    });
    expect(logout.status).toBe(200);
    expect(after.body).toEqual({ isAuthenticated: false, user: null });
  });

  it('reports nobody when no token is sent', async () => {
    const { status, body } = await stack.api('GET /api/auth/status');

    expect(status).toBe(200);
    expect(body).toEqual({ isAuthenticated: false, user: null });
  });

  it('ends only the session it was called with', async () => {
    const first = await stack.login();
    const second = await stack.login();

    await stack.api('POST /api/auth/logout', { token: first });

    expect((await stack.api('GET /api/auth/status', { token: second })).body.isAuthenticated).toBe(true);
  });
});

describe('disabling a user', () => {
  it('ends every session of that user for good: enabling the user again does not bring them back', async () => {
    const sam = await addUser({
      email: 'sam@example.com',
      username: 'sam',
      firstName: 'Sam',
      password: 'sam-password-1',
    });
    const samsTokens = [
      await stack.login('sam@example.com', 'sam-password-1'),
      await stack.login('sam@example.com', 'sam-password-1'),
    ];
    const adminsToken = await stack.login();

    await setUserDisabled(sam.id, true);
    await setUserDisabled(sam.id, false);

    const newToken = await stack.login('sam@example.com', 'sam-password-1');

    expect(await Promise.all(samsTokens.map(isAuthenticated))).toEqual([false, false]);
    expect(await isAuthenticated(adminsToken)).toBe(true);
    expect(await isAuthenticated(newToken)).toBe(true);
  });
});

describe('bearer tokens', () => {
  /** A token for a live session, signed with the stack's key, with the given header and issue time. */
  async function tokenWith(header: { typ?: string }, issuedAtOffsetSeconds = 0): Promise<string> {
    const issued = await stack.login();
    const { sid, sub } = JSON.parse(Buffer.from(issued.split('.')[1] ?? '', 'base64url').toString('utf8'));
    const { kid } = decodeProtectedHeader(issued);
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256', kid, ...header })
      .setSubject(sub)
      .setIssuer('check-my-price')
      .setAudience('check-my-price-web')
      .setIssuedAt(now + issuedAtOffsetSeconds)
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode(stack.settings.TOKEN_SECRET));
  }

  it('accepts the token type it issues, issued a few seconds ahead of this clock', async () => {
    expect(await isAuthenticated(await tokenWith({ typ: 'JWT' }, 10))).toBe(true);
  });

  it.each([
    ['at+jwt', { typ: 'at+jwt' }],
    ['JWE', { typ: 'JWE' }],
    ['no', {}],
  ])('refuses a token with %s typ', async (_name, header) => {
    expect(await isAuthenticated(await tokenWith(header))).toBe(false);
  });

  it('refuses a token issued in the future beyond a small clock skew', async () => {
    expect(await isAuthenticated(await tokenWith({ typ: 'JWT' }, 5 * 60))).toBe(false);
  });
});

describe('the local API gateway', () => {
  it('answers unknown /api paths with a JSON 404', async () => {
    const { status, body } = await stack.send('GET', '/api/no-such-thing');

    expect(status).toBe(404);
    expect(body).toEqual({ success: false, error: 'Not found' });
  });

  it('refuses request bodies over API Gateway’s 10 MB limit', async () => {
    const { status, body } = await stack.send('POST', '/api/auth/login', {
      body: JSON.stringify({ email: ADMIN.email, password: 'x'.repeat(10 * 1024 * 1024) }),
    });

    expect(status).toBe(413);
    expect(body.success).toBe(false);
  });

  it('serves the web app settings at /config.json', async () => {
    const response = await fetch(`${stack.url}/config.json`);

    expect(await response.json()).toEqual({ apiUrl: '/api', shopCurrency: 'GBP' });
  });
});
