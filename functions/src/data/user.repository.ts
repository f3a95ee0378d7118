import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '@cmp/shared';
import { lastIssuedId, nextId } from './counter.repository';
import { conditionHeld, db, nowIso, tableName } from './dynamo';
import { type ClaimKey, claimOwner, claimUnique, releaseUnique } from './unique-claim';

/**
 * Users. Key design: the user item at `USER#<id>`; e-mail and username are each claimed by a
 * uniqueness item (`USER_EMAIL#<email>`, `USER_NAME#<username>`, lower-cased) pointing at the id,
 * which is also how sign-in finds a user. Changes that may take an active admin away hold the
 * admin-change lock (`USER_ADMIN_LOCK`) while they check and write.
 */
export interface UserRecord {
  id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  password_hash: string;
  disabled: boolean;
  /**
   * Sessions are valid only while they carry the user's current generation: disabling moves it on,
   * which ends every session at once (one write, no list of sessions to find).
   */
  session_generation: number;
  created_at: string;
  /** The latest successful sign-in; absent until the first one recorded. */
  last_login_at?: string;
}

const keys = {
  user: (id: number) => ({ PK: `USER#${id}`, SK: 'USER' }),
  email: (email: string): ClaimKey => ({ PK: `USER_EMAIL#${email.toLowerCase()}`, SK: 'UNIQUE' }),
  username: (username: string): ClaimKey => ({ PK: `USER_NAME#${username.toLowerCase()}`, SK: 'UNIQUE' }),
  adminLock: { PK: 'USER_ADMIN_LOCK', SK: 'LOCK' },
};

export type NewUser = Omit<UserRecord, 'id' | 'created_at' | 'disabled' | 'session_generation'>;

export async function createUser(input: NewUser): Promise<UserRecord> {
  const id = await nextId('user');
  await claimUnique(keys.email(input.email), id, `A user with e-mail ${input.email} already exists`, 'email');
  try {
    await claimUnique(
      keys.username(input.username),
      id,
      `A user named ${input.username} already exists`,
      'username',
    );
  } catch (error) {
    await releaseUnique(keys.email(input.email), id);
    throw error;
  }
  const user: UserRecord = { ...input, id, disabled: false, session_generation: 0, created_at: nowIso() };
  await db().send(
    new PutCommand({ TableName: tableName(), Item: { ...keys.user(id), type: 'user', ...user } }),
  );
  return user;
}

/** True once any user was ever created. */
export async function hasAnyUser(): Promise<boolean> {
  return (await lastIssuedId('user')) > 0;
}

/** Read consistently: the last-admin check must see the change the lock's previous holder made. */
export async function getUser(id: number): Promise<UserRecord | undefined> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.user(id), ConsistentRead: true }),
  );
  return Item ? toUser(Item) : undefined;
}

export async function findUserByEmail(email: string): Promise<UserRecord | undefined> {
  return findByClaim(keys.email(email));
}

export async function findUserByUsername(username: string): Promise<UserRecord | undefined> {
  return findByClaim(keys.username(username));
}

/** Disabling also ends every session of the user; enabling again does not bring them back. */
export async function setUserDisabled(id: number, disabled: boolean): Promise<void> {
  await (disabled
    ? update(id, 'SET disabled = :disabled ADD session_generation :one', { ':disabled': true, ':one': 1 })
    : update(id, 'SET disabled = :disabled', { ':disabled': false }));
}

/**
 * Every user, by id. Users are few and their ids dense (from the counter), so this reads each id
 * up to the last one issued rather than keeping a list index on every user item.
 */
export async function listUsers(): Promise<UserRecord[]> {
  const ids = Array.from({ length: await lastIssuedId('user') }, (_, index) => index + 1);
  const users = await Promise.all(ids.map(getUser));
  return users.filter((user) => user !== undefined);
}

export async function setUserRole(id: number, role: Role): Promise<void> {
  await update(id, 'SET #role = :role', { ':role': role }, { '#role': 'role' });
}

/** A new password also ends every session of the user, as disabling does. */
export async function setUserPassword(id: number, passwordHash: string): Promise<void> {
  await update(id, 'SET password_hash = :hash ADD session_generation :one', {
    ':hash': passwordHash,
    ':one': 1,
  });
}

export async function recordSignIn(id: number): Promise<void> {
  await update(id, 'SET last_login_at = :now', { ':now': nowIso() });
}

/** Updates an existing user (a missing one is a failed condition, never a new item). */
async function update(
  id: number,
  expression: string,
  values: Record<string, unknown>,
  names?: Record<string, string>,
): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.user(id),
      UpdateExpression: expression,
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: values,
      ...(names ? { ExpressionAttributeNames: names } : {}),
    }),
  );
}

/**
 * Takes the admin-change lock for `owner` when it is free or stale (taken `leaseMs` ago or more:
 * its holder died); false while another holds it.
 */
export async function takeAdminChangeLock(owner: string, nowMs: number, leaseMs: number): Promise<boolean> {
  return conditionHeld(
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.adminLock, owner, taken_at: nowMs },
        ConditionExpression: 'attribute_not_exists(PK) OR taken_at <= :stale',
        ExpressionAttributeValues: { ':stale': nowMs - leaseMs },
      }),
    ),
  );
}

/** Releases the admin-change lock, but only if `owner` still holds it. */
export async function releaseAdminChangeLock(owner: string): Promise<void> {
  await conditionHeld(
    db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.adminLock,
        ConditionExpression: '#owner = :owner',
        ExpressionAttributeNames: { '#owner': 'owner' },
        ExpressionAttributeValues: { ':owner': owner },
      }),
    ),
  );
}

async function findByClaim(key: ClaimKey): Promise<UserRecord | undefined> {
  const id = await claimOwner(key);
  return id === undefined ? undefined : getUser(id);
}

function toUser(item: Record<string, unknown>): UserRecord {
  const { PK: _pk, SK: _sk, type: _type, ...user } = item;
  // Users stored before generations existed are at generation 0, like their sessions.
  return { session_generation: 0, ...user } as unknown as UserRecord;
}
