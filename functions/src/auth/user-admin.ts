import { randomUUID } from 'node:crypto';
import {
  ADMINS_ONLY_USERS,
  type ManagedUser,
  type NewUserRequest,
  type PublicUser,
  type UserChange,
} from '@cmp/shared';
import {
  getUser,
  listUsers,
  releaseAdminChangeLock,
  setUserDisabled,
  setUserPassword,
  setUserRole,
  takeAdminChangeLock,
  type UserRecord,
} from '../data/user.repository';
import { ConflictError, NotFoundError } from '../domain/errors';
import { generatePassword, hashPassword } from './password';
import { toPublicUser } from './public-user';
import { requireAdmin } from './require-admin';
import { addUser } from './users';

// Users in the app (docs/api.md#users): admins list, add, disable or enable users, change their
// role and reset their password. A generated password is returned once, to the admin who asked.

export interface UserAnswer {
  user: ManagedUser;
  /** Generated here: shown once in the answer, never stored in clear. */
  password?: string;
}

export function toManagedUser(user: UserRecord): ManagedUser {
  return {
    ...toPublicUser(user),
    disabled: user.disabled,
    created_at: user.created_at,
    last_login_at: user.last_login_at ?? null,
  };
}

export async function listManagedUsers(caller: PublicUser): Promise<ManagedUser[]> {
  requireAdmin(caller, ADMINS_ONLY_USERS);
  return (await listUsers()).map(toManagedUser);
}

/** Adds a user with `npm run user:add`'s rules; without a password, one is generated. */
export async function addManagedUser(caller: PublicUser, input: NewUserRequest): Promise<UserAnswer> {
  requireAdmin(caller, ADMINS_ONLY_USERS);
  const password = input.password ?? generatePassword();
  const { id } = await addUser({
    email: input.email,
    username: input.username,
    firstName: input.first_name,
    role: input.role,
    password,
  });
  return { user: toManagedUser(await existing(id)), ...(input.password ? {} : { password }) };
}

/**
 * Applies a change: role, then disabled, then a password reset (which ends the user's sessions,
 * as disabling does). Refuses to leave no active admin.
 */
export async function changeManagedUser(
  caller: PublicUser,
  id: number,
  change: UserChange,
): Promise<UserAnswer> {
  requireAdmin(caller, ADMINS_ONLY_USERS);
  const mayTakeAdminAway = change.disabled === true || (change.role !== undefined && change.role !== 'admin');
  await (mayTakeAdminAway
    ? oneAdminChangeAtATime(() => changeRoleAndState(id, change))
    : changeRoleAndState(id, change));

  let password: string | undefined;
  if (change.reset_password) {
    password = generatePassword();
    await setUserPassword(id, await hashPassword(password));
  }
  return { user: toManagedUser(await existing(id)), ...(password ? { password } : {}) };
}

async function changeRoleAndState(id: number, change: UserChange): Promise<void> {
  const before = await existing(id);
  const leavesAdmins =
    isActiveAdmin(before) &&
    (change.disabled === true || (change.role !== undefined && change.role !== 'admin'));
  if (leavesAdmins && !(await hasOtherActiveAdmin(before))) throw lastAdmin(before);

  if (change.role !== undefined && change.role !== before.role) await setUserRole(id, change.role);
  if (change.disabled !== undefined && change.disabled !== before.disabled)
    await setUserDisabled(id, change.disabled);
}

/** Longer than any check-and-write takes; a lock this old belongs to a request that died. */
const ADMIN_LOCK_LEASE_MS = 5_000;
const ADMIN_LOCK_POLL_MS = 20;

/**
 * Runs changes that may take an active admin away one at a time. Checked and written without it,
 * two admins disabling each other at once both saw the other active and could leave none; the
 * table has no transactions (decision 63). Adding an admin needs no turn: it only adds.
 */
async function oneAdminChangeAtATime(work: () => Promise<void>): Promise<void> {
  const owner = randomUUID();
  while (!(await takeAdminChangeLock(owner, Date.now(), ADMIN_LOCK_LEASE_MS)))
    await new Promise((resolve) => setTimeout(resolve, ADMIN_LOCK_POLL_MS));
  try {
    await work();
  } finally {
    await releaseAdminChangeLock(owner);
  }
}

const isActiveAdmin = (user: UserRecord) => user.role === 'admin' && !user.disabled;

async function hasOtherActiveAdmin(user: UserRecord): Promise<boolean> {
  return (await listUsers()).some((other) => other.id !== user.id && isActiveAdmin(other));
}

const lastAdmin = (user: UserRecord) =>
  new ConflictError(
    `The last active administrator (${user.username}) cannot be disabled or made staff: make another user an administrator first`,
  );

async function existing(id: number): Promise<UserRecord> {
  const user = await getUser(id);
  if (!user) throw new NotFoundError('User not found');
  return user;
}
