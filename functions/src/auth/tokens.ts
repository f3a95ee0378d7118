import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { errors, jwtVerify, SignJWT } from 'jose';
import { authConfigSchema, readConfig } from '../config';
import { UnauthorizedError } from '../http/errors';

const config = readConfig('auth', authConfigSchema);

const ALGORITHM = 'HS256';
const ISSUER = 'check-my-price';
const AUDIENCE = 'check-my-price-web';

export const tokenTtlSeconds = config.TOKEN_TTL_SECONDS;

let signingKey: Promise<Uint8Array> | undefined;

/** The HS256 key: from the environment on the local stack, from Secrets Manager on AWS (read once). */
function key(): Promise<Uint8Array> {
  signingKey ??= (async () => {
    if (config.TOKEN_SECRET) return new TextEncoder().encode(config.TOKEN_SECRET);
    const { SecretString } = await new SecretsManagerClient({}).send(
      new GetSecretValueCommand({ SecretId: config.TOKEN_SECRET_ARN }),
    );
    if (!SecretString || SecretString.length < 32)
      throw new Error('The token signing secret is missing or too short');
    return new TextEncoder().encode(SecretString);
  })();
  signingKey.catch(() => {
    signingKey = undefined;
  });
  return signingKey;
}

export interface TokenClaims {
  userId: number;
  sessionId: string;
}

export async function issueToken({ userId, sessionId }: TokenClaims, expiresAtMs: number): Promise<string> {
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAtMs / 1000))
    .sign(await key());
}

/** Verifies signature (HS256 only), issuer, audience and expiry; any failure is a 401. */
export async function verifyToken(token: string): Promise<TokenClaims> {
  try {
    const { payload } = await jwtVerify(token, await key(), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['sub', 'exp', 'sid'],
    });
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || typeof payload.sid !== 'string')
      throw new UnauthorizedError('Invalid token');
    return { userId, sessionId: payload.sid };
  } catch (error) {
    if (error instanceof UnauthorizedError) throw error;
    if (error instanceof errors.JWTExpired)
      throw new UnauthorizedError('Session expired, please sign in again');
    if (error instanceof errors.JOSEError) throw new UnauthorizedError('Invalid token');
    throw error;
  }
}
