import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { captureOutput, logLines } from '../support/captured-output';
import { ADMIN, startTestStack, type TestStack } from '../support/test-stack';

// DEBUG: every request writes a log line, so there is something to search for secrets.
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ env: { POWERTOOLS_LOG_LEVEL: 'DEBUG' } });
});
afterAll(() => stack.stop());
afterEach(() => vi.restoreAllMocks());

describe('the logs', () => {
  it('carry each request with its id, and never a password or a token', async () => {
    const output = captureOutput();
    const wrongPassword = 'not-the-password-4711';

    const failed = await stack.api('POST /api/auth/login', {
      body: { email: ADMIN.email, password: wrongPassword },
    });
    const token = await stack.login();
    const products = await stack.api('GET /api/products', { token });
    const forged = `${token.slice(0, -4)}AAAA`;
    const refused = await stack.api('GET /api/products', { token: forged });
    const logout = await stack.api('POST /api/auth/logout', { token });
    const text = output();

    expect([failed.status, products.status, refused.status, logout.status]).toEqual([401, 200, 401, 200]);
    expect(logLines(text).filter((line) => line.message === 'Request handled')).toEqual([
      expect.objectContaining({ route: 'POST /api/auth/login', status: 401, requestId: expect.any(String) }),
      expect.objectContaining({ route: 'POST /api/auth/login', status: 200, requestId: expect.any(String) }),
      expect.objectContaining({ route: 'GET /api/products', status: 200, requestId: expect.any(String) }),
      expect.objectContaining({ route: 'GET /api/products', status: 401, requestId: expect.any(String) }),
      expect.objectContaining({ route: 'POST /api/auth/logout', status: 200, requestId: expect.any(String) }),
    ]);
    for (const secret of [ADMIN.password, wrongPassword, token, forged, token.split('.')[2] ?? token]) {
      expect(text).not.toContain(secret);
    }
  });
});
