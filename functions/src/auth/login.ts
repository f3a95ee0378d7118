import { randomUUID } from 'node:crypto';
import type { LoginRequest, PublicUser } from '@cmp/shared';
import { authConfigSchema, readConfig } from '../config';
import {
  clearFailures,
  currentFailures,
  recordFailure,
  type ThrottleSubject,
} from '../data/login-throttle.repository';
import { createSession, revokeSession } from '../data/session.repository';
import { findUserByEmail, findUserByUsername } from '../data/user.repository';
import { TooManyRequestsError, UnauthorizedError } from '../http/errors';
import { dummyPasswordHash, verifyPassword } from './password';
import { toPublicUser } from './public-user';
import { issueToken, tokenTtlSeconds } from './tokens';

const config = readConfig('auth', authConfigSchema);
const windowMs = config.LOGIN_THROTTLE_WINDOW_SECONDS * 1000;

/** One answer for an unknown user, a wrong password and a disabled account, so none can be told apart. */
export const INVALID_CREDENTIALS = 'Invalid email/username or password';

export interface LoginResult {
  token: string;
  user: PublicUser;
}

/**
 * Signs in with an e-mail or username and a password. Failures are counted per account and per
 * client address; past the limit, sign-in answers 429 until the window has passed.
 */
export async function login(request: LoginRequest, clientAddress: string): Promise<LoginResult> {
  const identifier = request.email ?? request.username ?? '';
  const account: ThrottleSubject = { kind: 'account', value: identifier };
  const address: ThrottleSubject = { kind: 'address', value: clientAddress };
  const now = Date.now();
  await refuseWhenThrottled(account, config.LOGIN_MAX_FAILURES_PER_ACCOUNT, now);
  await refuseWhenThrottled(address, config.LOGIN_MAX_FAILURES_PER_ADDRESS, now);

  const user = request.email ? await findUserByEmail(request.email) : await findUserByUsername(identifier);
  // Unknown users are checked against a dummy hash so the answer takes as long as a real check.
  const passwordOk = await verifyPassword(
    request.password,
    user?.password_hash ?? (await dummyPasswordHash()),
  );
  if (!user || !passwordOk || user.disabled) {
    await Promise.all([recordFailure(account, now, windowMs), recordFailure(address, now, windowMs)]);
    throw new UnauthorizedError(INVALID_CREDENTIALS);
  }

  await clearFailures(account);
  const sessionId = randomUUID();
  const expiresAt = Date.now() + tokenTtlSeconds * 1000;
  await createSession(sessionId, user.id, expiresAt);
  const token = await issueToken({ userId: user.id, sessionId }, expiresAt);
  return { token, user: toPublicUser(user) };
}

export async function logout(sessionId: string): Promise<void> {
  await revokeSession(sessionId);
}

async function refuseWhenThrottled(subject: ThrottleSubject, limit: number, now: number): Promise<void> {
  const failures = await currentFailures(subject, now, windowMs);
  if (!failures || failures.count < limit) return;
  const retryAfterSeconds = (failures.windowStartMs + windowMs - now) / 1000;
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  throw new TooManyRequestsError(
    `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    retryAfterSeconds,
  );
}
