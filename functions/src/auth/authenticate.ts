import type { PublicUser } from '@cmp/shared';
import { getSession } from '../data/session.repository';
import { getUser } from '../data/user.repository';
import { UnauthenticatedError } from '../domain/errors';
import { toPublicUser } from './public-user';
import { verifyToken } from './tokens';

export interface AuthContext {
  user: PublicUser;
  sessionId: string;
}

/**
 * Checks an `Authorization: Bearer <token>` header: the token itself, then its user (still enabled)
 * and its session (not revoked, not expired, not ended by disabling the user), on every request.
 */
export async function authenticate(authorization: string | undefined): Promise<AuthContext> {
  const match = /^Bearer\s+([A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*)\s*$/i.exec(authorization ?? '');
  if (!authorization) throw new UnauthenticatedError('Authentication required');
  if (!match?.[1]) throw new UnauthenticatedError('Malformed Authorization header');
  const { userId, sessionId } = await verifyToken(match[1]);
  const [session, user] = await Promise.all([getSession(sessionId), getUser(userId)]);
  if (!user || user.disabled) throw new UnauthenticatedError('Account disabled');
  if (
    !session ||
    session.user_id !== userId ||
    session.revoked_at ||
    session.expires_at * 1000 <= Date.now() ||
    (session.user_generation ?? 0) !== user.session_generation
  ) {
    throw new UnauthenticatedError('Session ended, please sign in again');
  }
  return { user: toPublicUser(user), sessionId };
}
