import * as z from 'zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_TOO_LONG, publicUserSchema, ROLES } from './auth';
import { normaliseText, requiredText, textProblem } from './catalogue';

/**
 * The rules of a user's fields, in one place: `npm run user:add` (functions/src/auth/users.ts), the
 * users API and the web's 'Add user' form all check them. Each message names its field.
 */
export const userFields = {
  email: z.email('Email must be a valid e-mail address').max(254, 'Email must be at most 254 characters'),
  username: z
    .string('Username is required')
    .trim()
    .min(2, 'Username must be 2 to 64 characters')
    .max(64, 'Username must be 2 to 64 characters')
    .regex(/^[A-Za-z0-9._-]+$/, 'Username may contain only letters, digits, dot, dash and underscore'),
  firstName: requiredText('First name', 100),
  lastName: z
    .string('Last name must be text')
    .transform(normaliseText)
    .refine((name) => !textProblem('Last name', name), 'Last name contains characters that are not allowed')
    .pipe(z.string().max(100, 'Last name must be at most 100 characters')),
  role: z.enum(ROLES, 'Role must be admin, staff or viewer'),
  password: z
    .string('Password is required')
    .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
    .max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG),
};

/** POST /api/users: without a password the server generates a one-time one. */
export const newUserRequestSchema = z.strictObject({
  email: userFields.email,
  username: userFields.username,
  first_name: userFields.firstName,
  role: userFields.role,
  password: userFields.password.optional(),
});
export type NewUserRequest = z.input<typeof newUserRequestSchema>;

/** PATCH /api/users/{id}: any of the three changes; `reset_password: true` generates a new password. */
export const userChangeSchema = z
  .strictObject({
    disabled: z.boolean('disabled must be true or false').optional(),
    role: userFields.role.optional(),
    reset_password: z.boolean('reset_password must be true or false').optional(),
  })
  .refine((change) => change.disabled !== undefined || change.role !== undefined || change.reset_password, {
    message: 'Send disabled, role or reset_password: true',
  });
export type UserChange = z.infer<typeof userChangeSchema>;

/** A user as admins see them in the users list. */
export const managedUserSchema = publicUserSchema.extend({
  disabled: z.boolean(),
  created_at: z.string(),
  /** The latest successful sign-in; null when none was recorded (never, or before this was kept). */
  last_login_at: z.string().nullable(),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

/** The answer of an add or a change: the user, and a generated password in this answer only. */
export const userAnswerSchema = z.strictObject({
  success: z.literal(true),
  user: managedUserSchema,
  password: z.string().optional(),
});
