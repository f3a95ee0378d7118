import * as z from 'zod';

export const MIN_PASSWORD_LENGTH = 8;
/** Ample for any passphrase, and bounds what a request can make scrypt hash. */
export const MAX_PASSWORD_LENGTH = 1024;
export const PASSWORD_TOO_LONG = `Password must be at most ${MAX_PASSWORD_LENGTH} characters`;

/**
 * Admins change everything; staff keep the catalogue and its checks; viewers read everything and
 * change nothing (docs/rules.md#18-roles-and-permissions).
 */
export const ROLES = ['admin', 'staff', 'viewer'] as const;

/** The signed-in user as the API returns it (`user` in login and status answers). */
export const publicUserSchema = z.strictObject({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
});
export type PublicUser = z.infer<typeof publicUserSchema>;
export type Role = PublicUser['role'];

/** What a viewer is told when a request would change something (every write route's 403). */
export const VIEWERS_READ_ONLY = 'A viewer can look at everything but change nothing';

/** What staff are told where only admins may act: the API's 403 and the web's read-only notes. */
export const ADMINS_ONLY_ALERT_SETTINGS = 'Only an administrator can change alert settings';
export const ADMINS_ONLY_SCHEDULE = 'Only an administrator can change the schedule';
export const ADMINS_ONLY_USERS = 'Only an administrator can manage users';
export const ADMINS_ONLY_HOST_SETTINGS = 'Only an administrator can change how a host is fetched';
export const ADMINS_ONLY_COMPETITORS = 'Only an administrator can change competitors';

/** POST /api/auth/login: an e-mail address or a username, plus the password. */
export const loginRequestSchema = z
  .object({
    email: z.string().trim().min(1).max(254).optional(),
    username: z.string().trim().min(1).max(64).optional(),
    password: z
      .string('Password is required')
      .min(1, 'Password is required')
      .max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG),
  })
  .strict()
  .refine((body) => Boolean(body.email) !== Boolean(body.username), {
    message: 'Send either email or username',
  });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginSuccessSchema = z.strictObject({
  success: z.literal(true),
  /** The bearer token for every other route. */
  token: z.string(),
  user: publicUserSchema,
});
export type LoginResponse = z.infer<typeof loginSuccessSchema> | { success: false; error: string };

export const authStatusResponseSchema = z.strictObject({
  isAuthenticated: z.boolean(),
  user: publicUserSchema.nullable(),
});
export type AuthStatusResponse = z.infer<typeof authStatusResponseSchema>;
export const ADMINS_ONLY_PRICING_RULES = 'Only an administrator can change pricing rules';
