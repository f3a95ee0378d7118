// Users (docs/api.md#users, admins only): the list, adding a user and changing one. A generated password
// comes back in the write's answer only.
import type { ManagedUser, NewUserRequest, Reply, UserChange } from '@cmp/shared';
import useSWR, { mutate } from 'swr';
import { expectSuccess } from '../lib/api-result';
import { notifyError } from '../lib/notify';
import { call } from './client';
import { keys } from './keys';

async function fetchUsers(): Promise<ManagedUser[]> {
  return expectSuccess(await call('GET /api/users')).users;
}

export function useUsers() {
  return useSWR(keys.users, fetchUsers, {
    onError: (error) => notifyError(error, 'Failed to fetch users'),
  });
}

/** The user as saved, and the generated password when there is one (shown once). */
export type UserAnswer = Reply<'POST /api/users'>;

export async function addUser(input: NewUserRequest): Promise<UserAnswer> {
  const answer = expectSuccess(await call('POST /api/users', { body: input }));
  await mutate(keys.users);
  return answer;
}

export async function changeUser(id: number, change: UserChange): Promise<UserAnswer> {
  const answer = expectSuccess(await call('PATCH /api/users/{id}', { params: { id }, body: change }));
  await mutate(keys.users);
  return answer;
}
