import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runToEnd } from '../support/processes';
import { startTestStack, type TestStack } from '../support/test-stack';

let stack: TestStack;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'cmp-user-add-'));
  stack = await startTestStack({ dataDir });
});
afterAll(async () => {
  await stack.stop();
  await rm(dataDir, { recursive: true, force: true });
});

/** Runs `npm run user:add` as an engineer would, against the running stack's data directory. */
const userAdd = (args: string[], stdin = '') =>
  runToEnd('infra/scripts/user-add.ts', args, { DATA_DIR: dataDir, TABLE_NAME: '' }, stdin);

describe('npm run user:add', () => {
  it('adds a user who can then sign in, reading the password from standard input when not given', async () => {
    const { code, output } = await userAdd(
      [
        '--email',
        'grace@example.com',
        '--username',
        'grace',
        '--first-name',
        'Grace',
        '--last-name',
        'Hopper',
        '--role',
        'admin',
      ],
      'cobol-rules-1959\n',
    );
    const signIn = await stack.api('POST /api/auth/login', {
      body: { username: 'grace', password: 'cobol-rules-1959' },
    });

    expect(output).toContain('Added admin grace <grace@example.com>');
    expect(code).toBe(0);
    expect(signIn.body.user).toEqual(
      expect.objectContaining({
        firstName: 'Grace',
        lastName: 'Hopper',
        role: 'admin',
        email: 'grace@example.com',
      }),
    );
  });

  it('refuses a password shorter than 8 characters and adds nobody', async () => {
    const { code, output } = await userAdd([
      '--email',
      'short@example.com',
      '--username',
      'short',
      '--first-name',
      'Short',
      '--password',
      'seven77',
    ]);
    const signIn = await stack.api('POST /api/auth/login', {
      body: { username: 'short', password: 'seven77' },
    });

    expect(code).not.toBe(0);
    expect(output).toContain('Password must be at least 8 characters');
    expect(signIn.status).toBe(401);
  });

  it('refuses an e-mail address that is already taken', async () => {
    const { code, output } = await userAdd([
      '--email',
      'admin@example.com',
      '--username',
      'second-admin',
      '--first-name',
      'Second',
      '--password',
      'long-enough-1',
    ]);

    expect(code).not.toBe(0);
    expect(output).toContain('A user with e-mail admin@example.com already exists');
  });

  it.each([
    ['a right-to-left override', 'Mallory\u202Egpj.exe'],
    ['a NUL', 'Mall\u0000ory'],
  ])('refuses a name with %s and adds nobody', async (_, firstName) => {
    const { addUser } = await import('@cmp/functions/auth/users');
    const email = `mallory${firstName.length}@example.com`;

    await expect(
      addUser({ email, username: `mallory${firstName.length}`, firstName, password: 'long-enough-1' }),
    ).rejects.toThrow('First name contains characters that are not allowed');
    expect((await stack.scanTable()).some((item) => JSON.stringify(item).includes(email))).toBe(false);
  });
});
