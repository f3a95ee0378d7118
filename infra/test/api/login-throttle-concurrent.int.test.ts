import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestStack, type TestStack } from '../support/test-stack';

const MAX_FAILURES = 10;
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({
    env: {
      LOGIN_MAX_FAILURES_PER_ACCOUNT: String(MAX_FAILURES),
      LOGIN_MAX_FAILURES_PER_ADDRESS: '1000',
      LOGIN_THROTTLE_WINDOW_SECONDS: '600',
    },
  });
});
afterAll(() => stack.stop());

const attempt = (identifier: { email: string } | { username: string }, password: string) =>
  stack.api('POST /api/auth/login', { body: { ...identifier, password } });

describe('sign-in throttling per account under pressure', () => {
  // 30 password checks (scrypt N=2^17) before the fix: far beyond the default timeout on 2 cores.
  it('lets at most the limit of 30 concurrent wrong guesses reach the password check', {
    timeout: 120_000,
  }, async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => attempt({ email: ADMIN.email }, 'wrong-password')),
    );
    const refused = answers.filter((answer) => answer.status === 429);

    // A refused guess never reached the password check: at most MAX_FAILURES did.
    expect(refused.length).toBeGreaterThanOrEqual(30 - MAX_FAILURES);
    expect(refused[0]?.body).toEqual({
      success: false,
      error: 'Too many failed sign-in attempts. Try again in 10 minutes.',
    });
    expect((await attempt({ email: ADMIN.email }, ADMIN.password)).status).toBe(429);
  });

  it('counts guesses by e-mail and by username against the same account', { timeout: 120_000 }, async () => {
    const { addUser } = await import('@cmp/functions/auth/users');
    await addUser({
      email: 'sam@example.com',
      username: 'sam',
      firstName: 'Sam',
      password: 'sam-password-1',
    });
    for (let i = 0; i < MAX_FAILURES; i++) {
      const identifier = i % 2 === 0 ? { email: 'Sam@Example.com' } : { username: 'SAM' };
      expect((await attempt(identifier, 'wrong-password')).status).toBe(401);
    }

    const byEmail = await attempt({ email: 'sam@example.com' }, 'sam-password-1');
    const byUsername = await attempt({ username: 'sam' }, 'sam-password-1');

    // The account's guesses are used up, but neither identifier is locked: a lock would show that
    // the two belong together. The right password is answered as a wrong one.
    for (const answer of [byEmail, byUsername])
      expect(answer).toMatchObject({
        status: 401,
        body: { success: false, error: 'Invalid email/username or password' },
      });
  });

  it('answers for the e-mail and the username of one account as for an unknown pair', {
    timeout: 120_000,
  }, async () => {
    const { addUser } = await import('@cmp/functions/auth/users');
    await addUser({
      email: 'kim@example.com',
      username: 'kim',
      firstName: 'Kim',
      password: 'kim-password-1',
    });
    /** Locks the username, then tries the e-mail: what a caller sees of each answer. */
    const answersFor = async (email: string, username: string) => {
      const answers = [];
      for (let i = 0; i <= MAX_FAILURES; i++) answers.push(await attempt({ username }, 'wrong-password'));
      answers.push(await attempt({ email }, 'wrong-password'));
      return answers.map(({ status, body, headers }) => ({
        status,
        body,
        retryAfterMinutes: Math.ceil(Number(headers.get('retry-after')) / 60),
      }));
    };

    const account = await answersFor('kim@example.com', 'kim');
    const unknown = await answersFor('nobody@example.com', 'nobody');

    expect(account).toEqual(unknown);
    expect(account.map((answer) => answer.status)).toEqual([
      ...Array<number>(MAX_FAILURES).fill(401),
      429,
      401,
    ]);
  });
});
