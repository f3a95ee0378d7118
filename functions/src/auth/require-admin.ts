import type { PublicUser } from '@cmp/shared';
import { ForbiddenError } from '../domain/errors';

/** Admin-only actions: staff get 403 with `message`, which says what only an admin may do. */
export function requireAdmin(user: PublicUser, message: string): void {
  if (user.role !== 'admin') throw new ForbiddenError(message);
}
