import { type PublicUser, userFields } from '@cmp/shared';
import * as z from 'zod';
import { createUser, setUserDisabled } from '../data/user.repository';
import { InvalidInputError } from '../domain/errors';
import { hashPassword } from './password';
import { toPublicUser } from './public-user';

/** A new user, as `npm run user:add` and POST /api/users give it (the field rules are shared). */
export const newUserSchema = z.object({
  email: userFields.email,
  username: userFields.username,
  firstName: userFields.firstName,
  lastName: userFields.lastName.default(''),
  role: userFields.role.default('staff'),
  password: userFields.password,
});
export type NewUserInput = z.input<typeof newUserSchema>;

/** Validates, hashes the password and stores a new user; e-mail and username must be unused. */
export async function addUser(input: NewUserInput): Promise<PublicUser> {
  const parsed = newUserSchema.safeParse(input);
  if (!parsed.success) {
    throw new InvalidInputError(parsed.error.issues.map((issue) => issue.message).join('; '));
  }
  const { password, firstName, lastName, ...rest } = parsed.data;
  const user = await createUser({
    ...rest,
    first_name: firstName,
    last_name: lastName,
    password_hash: await hashPassword(password),
  });
  return toPublicUser(user);
}

export async function disableUser(id: number): Promise<void> {
  await setUserDisabled(id, true);
}
