// How a user reads in the list (docs/screens.md#12-users-page).
import type { ManagedUser, Role } from '@cmp/shared';

const ROLE_LABELS: Record<Role, string> = { admin: 'Administrator', staff: 'Staff', viewer: 'Viewer' };

export const roleLabel = (role: Role) => ROLE_LABELS[role];

export const fullName = (user: Pick<ManagedUser, 'firstName' | 'lastName'>) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ');
