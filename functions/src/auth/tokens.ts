import { errors, jwtVerify, SignJWT } from 'jose';
import { authConfigSchema, perSettings, settingsSection } from '../config';
import { UnauthenticatedError } from '../domain/errors';
import { secretReader } from '../lib/secret';

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

/** The HS256 key: from the settings on the local stack, from Secrets Manager on AWS (read once). */
async function key(): Promise<Uint8Array> {
  const secret = await signingSecretReader()();
  if (!secret) throw new Error('The token signing secret is not configured');
  return new TextEncoder().encode(secret);
}

export interface TokenClaims {
  userId: number;
  sessionId: string;
}

export async function issueToken({ userId, sessionId }: TokenClaims, expiresAtMs: number): Promise<string> {
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: ALGORITHM, typ: TYPE })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAtMs / 1000))
    .sign(await key());
}

/**
 * Verifies signature (HS256 only), type, issuer, audience, expiry and issue time (not ahead of this
 * clock by more than the skew, not older than a token lives); any failure is a 401.
 */
export async function verifyToken(token: string): Promise<TokenClaims> {
  try {
    const { payload } = await jwtVerify(token, await key(), {
      algorithms: [ALGORITHM],
      typ: TYPE,
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['sub', 'exp', 'sid'],
      maxTokenAge: tokenTtlSeconds(),
      clockTolerance: CLOCK_SKEW_SECONDS,
    });
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
