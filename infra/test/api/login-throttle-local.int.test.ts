import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestStack, type TestStack } from '../support/test-stack';

// The local stack's own settings: no LOGIN_MAX_FAILURES_PER_ADDRESS given.
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.stop());

describe('sign-in throttling on the local stack', () => {
  it('does not lock everyone out after 50 failures, although every local user comes from 127.0.0.1', async () => {
    // What 50 failed sign-ins from this machine leave behind (AWS's per-address limit), written
    // directly: 50 real ones would cost 50 password hashes.
    const { reserveAttempt } = await import('@cmp/functions/data/login-throttle.repository');
    for (let i = 0; i < 50; i++)
      await reserveAttempt({ kind: 'address', value: '127.0.0.1' }, 50, Date.now(), 15 * 60 * 1000);

    const admin = await stack.api('POST /api/auth/login', {
      body: { email: ADMIN.email, password: ADMIN.password },
    });

    expect(admin.status).toBe(200);
  });
});
