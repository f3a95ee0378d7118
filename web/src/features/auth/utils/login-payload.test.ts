import { describe, expect, it } from 'vitest';
import { ApiError, httpError } from '../../../lib/api-error';
import { loginFailureText, loginOutcome, toLoginBody } from './login-payload';

const user = {
  id: 1,
  username: 'ada',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  role: 'admin',
} as const;

describe('toLoginBody', () => {
  it('sends an identifier with @ as email', () => {
    expect(toLoginBody('ada@example.com', 'secret')).toEqual({
      email: 'ada@example.com',
      password: 'secret',
    });
  });

  it('sends anything else as username, trimmed, and keeps the password as typed', () => {
    expect(toLoginBody(' ada ', ' pw ')).toEqual({ username: 'ada', password: ' pw ' });
  });
});

describe('loginOutcome', () => {
  it('returns token and user on success', () => {
    expect(loginOutcome({ success: true, token: 't', user })).toEqual({ ok: true, token: 't', user });
  });

  it("shows the server's error text", () => {
    expect(loginOutcome({ success: false, error: 'Invalid credentials' })).toEqual({
      ok: false,
      error: 'Invalid credentials',
    });
  });

  it("falls back to 'Login failed' without an error text", () => {
    expect(loginOutcome({ success: false, error: '' })).toEqual({ ok: false, error: 'Login failed' });
    expect(loginOutcome(undefined)).toEqual({ ok: false, error: 'Login failed' });
  });
});

describe('loginFailureText', () => {
  it("shows the server's error text from a 401 or 429 answer", () => {
    expect(loginFailureText(httpError(401, '{"success":false,"error":"Invalid email or password"}'))).toBe(
      'Invalid email or password',
    );
    expect(loginFailureText(httpError(429, '{"success":false,"error":"Too many attempts"}'))).toBe(
      'Too many attempts',
    );
  });

  it("says 'Login failed' for a JSON answer without an error text", () => {
    expect(loginFailureText(httpError(500, '{}'))).toBe('Login failed');
  });

  it('calls an unreachable server or a non-JSON answer a network error', () => {
    expect(loginFailureText(new ApiError('network', 0, undefined, 'offline'))).toBe(
      'Network error. Please try again.',
    );
    expect(loginFailureText(httpError(502, '<html>Bad Gateway</html>'))).toBe(
      'Network error. Please try again.',
    );
    expect(loginFailureText(new Error('boom'))).toBe('Network error. Please try again.');
  });
});
