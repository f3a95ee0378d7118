import { beforeEach, describe, expect, it } from 'vitest';
import { provideSettings } from '../config';
import { hashPassword, verifyPassword } from './password';

beforeEach(() => provideSettings({}));

// scrypt at N=2^17 costs a few hundred ms a hash, far more on a busy 2-core machine.
describe('password hashing', { timeout: 30_000 }, () => {
  it('stores scrypt with N=2^17, r=8, p=1 and a fresh salt each time', async () => {
    const [first, second] = await Promise.all([hashPassword('open sesame'), hashPassword('open sesame')]);

    expect(first).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(first).not.toBe(second);
  });

  it('accepts the right password and refuses any other', async () => {
    const stored = await hashPassword('open sesame');

    expect(await verifyPassword('open sesame', stored)).toBe(true);
    expect(await verifyPassword('open sesame ', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('makes cheap hashes only for a host that asks (test stacks), and still verifies hashes of either cost', async () => {
    provideSettings({}, { weakPasswordHashingForTests: true });
    const weak = await hashPassword('open sesame');
    provideSettings({});
    const strong = await hashPassword('open sesame');

    expect(weak).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(strong).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword('open sesame', weak)).toBe(true);
    expect(await verifyPassword('open sesame', strong)).toBe(true);
  });

  it('never matches a malformed stored hash', async () => {
    expect(await verifyPassword('anything', 'plain-text-password')).toBe(false);
    expect(await verifyPassword('anything', 'scrypt$131072$8$1$$')).toBe(false);
  });
});
