import { randomUUID } from 'node:crypto';
import type { LoginRequest, PublicUser } from '@cmp/shared';
import { createSession, revokeSession } from '../data/session.repository';
import { findUserByEmail, findUserByUsername, recordSignIn } from '../data/user.repository';
import { UnauthenticatedError } from '../domain/errors';
import { reserveSignInAttempt } from './login-throttle';
import { dummyPasswordHash, verifyPassword } from './password';
import { toPublicUser } from './public-user';
import { issueToken, tokenTtlSeconds } from './tokens';

/** One answer for an unknown user, a wrong password and a disabled account, so none can be told apart. */
export const INVALID_CREDENTIALS = 'Invalid email/username or password';

export interface LoginResult {
  token: string;
  user: PublicUser;
}

/**
 * Signs in with an e-mail or username and a password. Attempts are counted per identifier typed,
 * per account and per client address before the password is checked (login-throttle.ts).
 */
export async function login(request: LoginRequest, clientAddress: string): Promise<LoginResult> {
  const identifier = request.email ?? request.username ?? '';
  const user = request.email ? await findUserByEmail(request.email) : await findUserByUsername(identifier);
  const attempt = await reserveSignInAttempt(user, identifier, clientAddress);

  // Unknown users, and accounts out of guesses, are checked against a dummy hash so the answer
  // takes as long as a real check.
  const checked = attempt.passwordMayBeChecked ? user : undefined;
  const passwordOk = await verifyPassword(
    request.password,
    checked?.password_hash ?? (await dummyPasswordHash()),
  );
  if (!checked || !passwordOk || checked.disabled) throw new UnauthenticatedError(INVALID_CREDENTIALS);

  await attempt.succeeded();
  const sessionId = randomUUID();
  const expiresAt = Date.now() + tokenTtlSeconds() * 1000;
  // The generation read before the password check: a disable meanwhile still ends this session.
  await Promise.all([createSession(sessionId, checked, expiresAt), recordSignIn(checked.id)]);
  const token = await issueToken({ userId: checked.id, sessionId }, expiresAt);
  return { token, user: toPublicUser(checked) };
}

export async function logout(sessionId: string): Promise<void> {
  await revokeSession(sessionId);
}
