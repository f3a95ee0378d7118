import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

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

  it('never matches a malformed stored hash', async () => {
    expect(await verifyPassword('anything', 'plain-text-password')).toBe(false);
    expect(await verifyPassword('anything', 'scrypt$131072$8$1$$')).toBe(false);
  });
});
