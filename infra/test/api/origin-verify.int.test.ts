import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestStack, type TestStack } from '../support/test-stack';

// The API as deployed behind CloudFront: configured with the origin-verify secret CloudFront sends.
const SECRET = 'origin-verify-secret-for-tests-0123456789';
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({
    env: {
      ORIGIN_VERIFY_SECRET: SECRET,
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '100',
      LOGIN_MAX_FAILURES_PER_ADDRESS: '3',
      LOGIN_THROTTLE_WINDOW_SECONDS: '600',
    },
  });
});
afterAll(() => stack.stop());

const viaCloudFront = (viewer: string, forwardedByClient?: string) => ({
  'x-origin-verify': SECRET,
  'x-forwarded-for': forwardedByClient ? `${forwardedByClient}, ${viewer}` : viewer,
});
const attempt = (email: string, password: string, headers: Record<string, string>) =>
  stack.api('POST /api/auth/login', { body: { email, password }, headers });

describe('an API behind CloudFront', () => {
  it('refuses requests that bypass CloudFront, on public and protected routes alike', async () => {
    const refused = { success: false, error: 'Use the application address' };
    const direct = await attempt(ADMIN.email, ADMIN.password, {});
    expect(direct).toMatchObject({ status: 403, body: refused });
    const forged = await stack.api('GET /api/products', {
      headers: { 'x-origin-verify': 'guessed', 'x-forwarded-for': '203.0.113.1' },
    });
    expect(forged).toMatchObject({ status: 403, body: refused });
  });

  it('throttles sign-in per viewer address, whatever the viewer prepends, without locking out others', async () => {
    for (let i = 0; i < 3; i++) {
      const failed = await attempt(
        `guess${i}@example.com`,
        'wrong-password',
        viaCloudFront('203.0.113.7', `10.0.0.${i}`),
      );
      expect(failed.status).toBe(401);
    }

    const attacker = await attempt(ADMIN.email, ADMIN.password, viaCloudFront('203.0.113.7', '10.9.9.9'));
    expect(attacker.status).toBe(429);

    // Another viewer through the same edge (the same connecting address) still signs in.
    const colleague = await attempt(ADMIN.email, ADMIN.password, viaCloudFront('198.51.100.20'));
    expect(colleague.status).toBe(200);
  });
});
