import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestStack, type TestStack } from '../support/test-stack';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({
    env: {
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '100',
      LOGIN_MAX_FAILURES_PER_ADDRESS: '4',
      LOGIN_THROTTLE_WINDOW_SECONDS: '600',
    },
  });
});
afterAll(() => stack.stop());

const attempt = (email: string, password: string) =>
  stack.api('POST /api/auth/login', { body: { email, password } });

describe('sign-in throttling per client address', () => {
  it('locks a client address that tries many accounts, with a clear message', async () => {
    for (let i = 0; i < 4; i++)
      expect((await attempt(`guess${i}@example.com`, 'wrong-password')).status).toBe(401);

    const next = await attempt(ADMIN.email, ADMIN.password);

    expect(next.status).toBe(429);
    expect(next.body).toEqual({
      success: false,
      error: 'Too many failed sign-in attempts. Try again in 10 minutes.',
    });
  });
});
