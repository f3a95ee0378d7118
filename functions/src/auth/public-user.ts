import type { PublicUser } from '@cmp/shared';
import type { UserRecord } from '../data/user.repository';

/** The user as the API shows it: never the hash or internal flags. */
export function toPublicUser(user: UserRecord): PublicUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    role: user.role,
  };
}
