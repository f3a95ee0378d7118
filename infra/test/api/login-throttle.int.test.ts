import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestStack, type TestStack } from '../support/test-stack';

// Long enough for three password checks to land in one window however busy the machine; the test
// moves the window into the past instead of waiting it out.
const WINDOW_SECONDS = 600;
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({
    env: {
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
      LOGIN_MAX_FAILURES_PER_ADDRESS: '100',
      LOGIN_THROTTLE_WINDOW_SECONDS: String(WINDOW_SECONDS),
    },
  });
});
afterAll(() => stack.stop());

const attempt = (email: string, password: string) =>
  stack.api('POST /api/auth/login', { body: { email, password } });

describe('sign-in throttling per account', () => {
  it('locks an account after too many failures, even for the right password, and lets it in after the window', async () => {
    for (let i = 0; i < 3; i++) expect((await attempt(ADMIN.email, 'wrong-password')).status).toBe(401);

    const locked = await attempt(ADMIN.email, ADMIN.password);
    const retryAfterSeconds = Number(locked.headers.get('retry-after'));
    await endThrottleWindows();
    const afterWindow = await attempt(ADMIN.email, ADMIN.password);

    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({
      success: false,
      error: `Too many failed sign-in attempts. Try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`,
    });
    expect(retryAfterSeconds).toBeGreaterThan(0);
    expect(retryAfterSeconds).toBeLessThanOrEqual(WINDOW_SECONDS);
    expect(afterWindow.status).toBe(200);
  });

  it('counts unknown accounts like real ones, so a lock does not reveal who exists', async () => {
    for (let i = 0; i < 3; i++) await attempt('nobody@example.com', 'wrong-password');

    const locked = await attempt('nobody@example.com', 'wrong-password');

    expect(locked.status).toBe(429);
  });
});

/** What the passing of the window does: every open throttle window now started a window ago. */
async function endThrottleWindows() {
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const { db, tableName } = await import('@cmp/functions/data/dynamo');
  const windows = (await stack.scanTable()).filter((item) => String(item.PK).startsWith('THROTTLE#'));
  for (const { PK, SK } of windows)
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK, SK },
        UpdateExpression: 'SET window_start = :past',
        ExpressionAttributeValues: { ':past': Date.now() - WINDOW_SECONDS * 1000 - 1 },
      }),
    );
}
