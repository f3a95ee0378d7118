import { decodeProtectedHeader, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { provideSettings } from '../config';
import { UnauthenticatedError } from '../domain/errors';
import type { SecretVersions } from '../lib/secret';
import { issueToken, keyForKid, verifyToken } from './tokens';

const KEY = 'token-signing-key-for-unit-tests-0123456789abcdef';

beforeAll(() => provideSettings({ TOKEN_SECRET: KEY, POWERTOOLS_LOG_LEVEL: 'WARN' }));

const claims = { userId: 7, sessionId: 'session-1' };
const inAnHour = () => Date.now() + 3_600_000;

/** A token like ours, with the given header, signed with `key`. */
const signed = (header: { kid?: string }, key = KEY) =>
  new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', ...header })
    .setSubject(String(claims.userId))
    .setIssuer('check-my-price')
    .setAudience('check-my-price-web')
    .setIssuedAt()
    .setExpirationTime(Math.floor(inAnHour() / 1000))
    .sign(new TextEncoder().encode(key));

describe('tokens with a key from the settings (the local stack)', () => {
  it('name their key with a kid that does not reveal it, and verify', async () => {
    const token = await issueToken(claims, inAnHour());
    const { kid } = decodeProtectedHeader(token);
    expect(kid).toMatch(/^[0-9a-f]{16}$/);
    expect(KEY).not.toContain(kid);
    expect(await verifyToken(token)).toEqual(claims);
  });

  it('refuse a token without a kid, even signed with the key', async () => {
    await expect(verifyToken(await signed({}))).rejects.toThrow(new UnauthenticatedError('Invalid token'));
  });

  it('refuse a token naming a key that does not exist', async () => {
    const { kid } = decodeProtectedHeader(await issueToken(claims, inAnHour()));
    await expect(verifyToken(await signed({ kid: `${kid}0` }))).rejects.toThrow(
      new UnauthenticatedError('Invalid token'),
    );
    // The right kid with another key's signature is no better.
    await expect(verifyToken(await signed({ kid }, `${KEY}-other`))).rejects.toThrow(
      new UnauthenticatedError('Invalid token'),
    );
  });
});

describe('keyForKid during a rotation (keys from Secrets Manager)', () => {
  const rotatedAtMs = Date.UTC(2026, 10, 26, 9, 0, 0);
  const versions: SecretVersions = {
    current: { id: 'v2', value: 'new-key', createdAtMs: rotatedAtMs },
    previous: { id: 'v1', value: 'old-key', createdAtMs: rotatedAtMs - 86_400_000 },
  };
  // Tokens live 12 h; warm functions read the rotation within 5 min; clocks may differ by 30 s.
  const at = (msAfterRotation: number) => ({
    nowMs: rotatedAtMs + msAfterRotation,
    ttlSeconds: 43_200,
    cacheSeconds: 300,
  });
  const lastPreviousTokenExpiresMs = (300 + 43_200 + 30) * 1000;

  it('picks the current key by its kid', () => {
    expect(keyForKid(versions, 'v2', at(0))).toBe('new-key');
  });

  it('keeps the previous key while a token it signed can still live', () => {
    expect(keyForKid(versions, 'v1', at(0))).toBe('old-key');
    expect(keyForKid(versions, 'v1', at(lastPreviousTokenExpiresMs))).toBe('old-key');
  });

  it('drops the previous key once every token it signed has expired', () => {
    expect(keyForKid(versions, 'v1', at(lastPreviousTokenExpiresMs + 1))).toBeNull();
  });

  it('has no key for an unknown or missing kid', () => {
    expect(keyForKid(versions, 'v0', at(0))).toBeNull();
    expect(keyForKid(versions, undefined, at(0))).toBeNull();
    expect(keyForKid({ ...versions, previous: null }, 'v1', at(0))).toBeNull();
  });
});
