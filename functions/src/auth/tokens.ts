import { errors, jwtVerify, SignJWT } from 'jose';
import { authConfigSchema, perSettings, settingsSection } from '../config';
import { UnauthenticatedError } from '../domain/errors';
import { type SecretVersions, secretCacheSeconds, secretReader } from '../lib/secret';

const authSettings = settingsSection('auth', authConfigSchema);

const ALGORITHM = 'HS256';
/** The only token type issued; tokens of any other type (or none) are refused. */
const TYPE = 'JWT';
/** How far ahead of this clock a token's issue time may be (clocks of the signer and verifier differ). */
const CLOCK_SKEW_SECONDS = 30;
const ISSUER = 'check-my-price';
const AUDIENCE = 'check-my-price-web';

/** How long a token (and its session) lives. */
export const tokenTtlSeconds = (): number => authSettings().TOKEN_TTL_SECONDS;

/** One reader per settings: the key itself, or where Secrets Manager keeps it. */
const signingSecretReader = perSettings(() =>
  secretReader('token signing', { value: authSettings().TOKEN_SECRET, arn: authSettings().TOKEN_SECRET_ARN }),
);

/** The signing keys: from the settings on the local stack, from Secrets Manager on AWS (decision 52). */
async function signingKeys(): Promise<SecretVersions> {
  const versions = await signingSecretReader()();
  if (!versions) throw new Error('The token signing secret is not configured');
  return versions;
}

const encode = (key: string) => new TextEncoder().encode(key);

/**
 * The key a token's `kid` names, or null: the current key, or the previous one for as long as a
 * token it signed can live (warm functions sign with it until they read the rotation, then such a
 * token lives `ttlSeconds`). A missing or any other `kid` has no key.
 */
export function keyForKid(
  versions: SecretVersions,
  kid: string | undefined,
  at: { nowMs: number; ttlSeconds: number; cacheSeconds: number },
): string | null {
  const { current, previous } = versions;
  if (kid === current.id) return current.value;
  if (previous === null || kid !== previous.id) return null;
  if (current.createdAtMs === null) return previous.value;
  const lastSignedMs = current.createdAtMs + at.cacheSeconds * 1000;
  return at.nowMs <= lastSignedMs + (at.ttlSeconds + CLOCK_SKEW_SECONDS) * 1000 ? previous.value : null;
}

export interface TokenClaims {
  userId: number;
  sessionId: string;
}

export async function issueToken({ userId, sessionId }: TokenClaims, expiresAtMs: number): Promise<string> {
  const { current } = await signingKeys();
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: ALGORITHM, typ: TYPE, kid: current.id })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAtMs / 1000))
    .sign(encode(current.value));
}

/**
 * Verifies the key (`kid`: the current key, or the previous one while its tokens live), signature
 * (HS256 only), type, issuer, audience, expiry and issue time (not ahead of this clock by more than
 * the skew, not older than a token lives); any failure is a 401.
 */
export async function verifyToken(token: string): Promise<TokenClaims> {
  const versions = await signingKeys();
  const at = { nowMs: Date.now(), ttlSeconds: tokenTtlSeconds(), cacheSeconds: secretCacheSeconds() };
  try {
    const { payload } = await jwtVerify(
      token,
      ({ kid }) => {
        const found = keyForKid(versions, kid, at);
        if (found === null) throw new UnauthenticatedError('Invalid token');
        return encode(found);
      },
      {
        algorithms: [ALGORITHM],
        typ: TYPE,
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['sub', 'exp', 'sid'],
        maxTokenAge: tokenTtlSeconds(),
        clockTolerance: CLOCK_SKEW_SECONDS,
      },
    );
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || typeof payload.sid !== 'string')
      throw new UnauthenticatedError('Invalid token');
    return { userId, sessionId: payload.sid };
  } catch (error) {
    if (error instanceof UnauthenticatedError) throw error;
    if (error instanceof errors.JWTExpired)
      throw new UnauthenticatedError('Session expired, please sign in again');
    if (error instanceof errors.JOSEError) throw new UnauthenticatedError('Invalid token');
    throw error;
  }
}
