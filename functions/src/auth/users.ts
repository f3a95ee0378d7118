import { MIN_PASSWORD_LENGTH, normaliseText, type PublicUser, textProblem } from '@cmp/shared';
import * as z from 'zod';
import { createUser, setUserDisabled } from '../data/user.repository';
import { InvalidInputError } from '../domain/errors';
import { hashPassword } from './password';
import { toPublicUser } from './public-user';

/** A person's name: trimmed, NFC, no control or bidi-override characters (as every catalogue text). */
const personName = (label: string) =>
  z
    .string()
    .transform(normaliseText)
    .refine((name) => !textProblem(label, name), `${label} contains characters that are not allowed`);

export const newUserSchema = z.object({
  email: z.email('a valid e-mail address is required').max(254),
  username: z
    .string()
    .trim()
    .min(2)
    .max(64)
    .regex(/^[A-Za-z0-9._-]+$/, 'letters, digits, dot, dash and underscore only'),
  firstName: personName('First name').pipe(z.string().min(1).max(100)),
  lastName: personName('Last name').pipe(z.string().max(100)).default(''),
  role: z.enum(['admin', 'staff']).default('staff'),
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
    .max(1024),
});
export type NewUserInput = z.input<typeof newUserSchema>;

/** Validates, hashes the password and stores a new user; e-mail and username must be unused. */
export async function addUser(input: NewUserInput): Promise<PublicUser> {
  const parsed = newUserSchema.safeParse(input);
  if (!parsed.success) {
    throw new InvalidInputError(
      parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
    );
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
