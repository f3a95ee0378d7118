import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { hostOnlySettings, perSettings } from '../config';

/** scrypt cost: N=2^17, r=8, p=1 needs 128 MiB, so maxmem is set above Node's 32 MiB default. */
const COST = { N: 2 ** 17, r: 8, p: 1 };
/**
 * Test stacks only (a host-only setting no environment can give): hundreds of sign-ins and stack
 * starts at 0.4 s of CPU each were a large share of the suite. A hash names its cost, so a
 * verification always uses the cost the hash was made with.
 */
const WEAK_TEST_COST = { N: 2 ** 10, r: 8, p: 1 };
const KEY_LENGTH = 64;
const MAX_MEMORY = 256 * 1024 * 1024;

function derive(password: string, salt: Buffer, cost: typeof COST): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: MAX_MEMORY };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** Hashes a password as `scrypt$N$r$p$salt$key` (base64url), so the cost can change later. */
export async function hashPassword(password: string): Promise<string> {
  const cost = hostOnlySettings().weakPasswordHashingForTests ? WEAK_TEST_COST : COST;
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Compares in constant time; a malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A real hash of a random password: verifying against it costs what a real check costs. */
export const dummyPasswordHash = perSettings(() => hashPassword(randomBytes(32).toString('base64url')));

/** A password generated for a user (POST /api/users, a reset): 96 random bits in 16 URL-safe characters. */
export const generatePassword = (): string => randomBytes(12).toString('base64url');
