import { DEFAULT_PRICE_CONFIDENCE_FLOOR } from '@cmp/shared';
import * as z from 'zod';

/**
 * Settings, read once per runtime from the environment and validated. Each concern has its own
 * section so a Lambda only needs the settings of the code it bundles; a missing or bad value
 * fails at start with every problem listed.
 */
export function readConfig<S extends z.ZodType>(section: string, schema: S, env = process.env): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`);
  throw new Error(`Invalid ${section} configuration:\n  ${problems.join('\n  ')}`);
}

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const dynamoConfigSchema = z.object({
  TABLE_NAME: z.string().min(1),
  /** Only set where DynamoDB is answered somewhere else than AWS (the local stand-in). */
  DYNAMODB_ENDPOINT: optionalUrl,
});

export const authConfigSchema = z
  .object({
    /** The signing key itself (local stack); on AWS the key lives in Secrets Manager instead. */
    TOKEN_SECRET: z.string().min(32).optional(),
    TOKEN_SECRET_ARN: z.string().min(1).optional(),
    TOKEN_TTL_SECONDS: positiveInt(12 * 60 * 60),
    LOGIN_MAX_FAILURES_PER_ACCOUNT: positiveInt(10),
    /** 0 turns the per-address limit off (the local stack's default: every local user is 127.0.0.1). */
    LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().nonnegative().default(50),
    LOGIN_THROTTLE_WINDOW_SECONDS: positiveInt(15 * 60),
  })
  .refine((c) => c.TOKEN_SECRET || c.TOKEN_SECRET_ARN, {
    message: 'set TOKEN_SECRET or TOKEN_SECRET_ARN',
    path: ['TOKEN_SECRET_ARN'],
  });

/**
 * The secret CloudFront sends in `x-origin-verify` (site.construct.ts). Unset where nothing sits in
 * front of the API (the local stack): then the connecting address is the client's.
 */
export const originVerifyConfigSchema = z.object({
  /** The value itself (for trying the check locally); on AWS it lives in Secrets Manager instead. */
  ORIGIN_VERIFY_SECRET: z.string().min(32).optional(),
  ORIGIN_VERIFY_SECRET_ARN: z.string().min(1).optional(),
});

export const shopConfigSchema = z.object({
  SHOP_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, 'an ISO 4217 code such as GBP')
    .default('GBP'),
});

/** Which competitor prices are sure enough to compare (shared `countsInComparison`). */
export const comparisonConfigSchema = z.object({
  /** 0–1: a price below this confidence is kept and shown, never compared or counted. */
  PRICE_CONFIDENCE_FLOOR: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().min(0).max(1).default(DEFAULT_PRICE_CONFIDENCE_FLOOR),
  ),
});
