// How a user reads in the list (docs/screens.md#12-users-page).
import type { ManagedUser, Role } from '@cmp/shared';

export const roleLabel = (role: Role) => (role === 'admin' ? 'Administrator' : 'Staff');

export const fullName = (user: Pick<ManagedUser, 'firstName' | 'lastName'>) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ');
