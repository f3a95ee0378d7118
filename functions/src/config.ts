import {
  DEFAULT_COMPETITOR_URLS_PER_PRODUCT_MAX,
  DEFAULT_PRICE_CONFIDENCE_FLOOR,
  DEFAULT_PRICE_JUMP_RATIO,
} from '@cmp/shared';
import * as z from 'zod';

/**
 * Settings: read once per runtime and validated, per concern. The runtime's entry (a Lambda
 * handler module, a CLI; the local server and tests as hosts) says where they come from; nothing
 * else reads `process.env`. A module declares the section it reads with `settingsSection` and
 * builds what it keeps from settings (AWS clients) with `perSettings`, both on first use, never at
 * import.
 *
 * The one rule for hosts: an entry calls `readEntrySettings(process.env)` as it loads, which keeps
 * settings a host provided before loading it (`provideSettings`) and otherwise takes the process
 * environment. So on AWS a Lambda reads its environment, while the local server, running every
 * entry in one process, hands them the settings it built. Handler code never asks which.
 */
export type SettingsSource = Readonly<Record<string, string | undefined>>;

/**
 * What only a host in this process can set, never an environment: a Lambda's entry reads its
 * environment (readEntrySettings), which has no way to say these, so production always has none.
 */
export interface HostOnlySettings {
  /** Test stacks: new password hashes at a tiny scrypt cost (auth/password.ts), for suite speed. */
  weakPasswordHashingForTests?: boolean;
  /**
   * Test stacks: the least time between two request starts to one host, instead of 1 s
   * (scrape-run/host-pacing.ts), so a test's run of many pages on one fixture shop does not wait
   * a second a page. The politeness tests keep the real spacing.
   */
  hostSpacingMsForTests?: number;
  /**
   * Test stacks: the most rows a list answers whole, instead of MAX_WHOLE_LIST_ROWS (5,000), so the
   * refusal beyond it is shown over a catalogue of tens, not thousands (http/list-pages.ts).
   */
  wholeListRowsForTests?: number;
  /**
   * Test stacks: how long a run's check waits for a page's headers, instead of 10 s
   * (scrape/fetch/guarded-fetch.ts): shorter over the demo shop, whose slow page then times out in
   * seconds, longer where a test holds a page until it has looked at the run.
   */
  fetchHeadersTimeoutMsForTests?: number;
}

let provided: { source: SettingsSource; host: HostOnlySettings; kept: Map<object, unknown> } | undefined;
/** Each declared section's schema by name: what an entry validates as it loads. */
const sections = new Map<string, z.ZodType>();

/** Installs this runtime's settings; what was built from earlier ones is built again on its next use. */
export function provideSettings(source: SettingsSource, host: HostOnlySettings = {}): void {
  provided = { source: Object.freeze({ ...source }), host: Object.freeze({ ...host }), kept: new Map() };
}

/** The host-only settings of this runtime: none where an entry read its environment. */
export function hostOnlySettings(): HostOnlySettings {
  return current().host;
}

/**
 * Called once at the top of every entry module: uses the settings a host provided, else `env`, and
 * validates every section the entry's code declared, failing at load with every problem listed.
 */
export function readEntrySettings(env: SettingsSource): void {
  if (!provided) provideSettings(env);
  const source = current().source;
  const problems = [...sections].flatMap(([name, schema]) => {
    try {
      readConfig(name, schema, source);
      return [];
    } catch (error) {
      return [(error as Error).message];
    }
  });
  if (problems.length > 0) throw new Error(problems.join('\n'));
}

function current(): NonNullable<typeof provided> {
  if (!provided)
    throw new Error(
      'No settings were provided: an entry module calls readEntrySettings(process.env), a host provideSettings(...)',
    );
  return provided;
}

/**
 * `build()`'s value, made on first use and kept until other settings are provided.
 * @example const db = perSettings(() => new DynamoDBClient(awsClientOptions(endpoint())));
 */
export function perSettings<T>(build: () => T): () => T {
  const key = {};
  return () => {
    const { kept } = current();
    if (!kept.has(key)) kept.set(key, build());
    return kept.get(key) as T;
  };
}

/**
 * Declares the settings section a module reads: returns its validated values, validated on first
 * use (or when an entry loads) and kept. Modules sharing a section declare it with the same schema.
 */
export function settingsSection<S extends z.ZodType>(name: string, schema: S): () => z.output<S> {
  const declared = sections.get(name);
  if (declared && declared !== schema) throw new Error(`Settings section ${name} is declared twice`);
  sections.set(name, schema);
  return perSettings(() => readConfig(name, schema, current().source));
}

/** Validates `env` against one section's schema; throws listing every problem. */
export function readConfig<S extends z.ZodType>(section: string, schema: S, env: SettingsSource): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`);
  throw new Error(`Invalid ${section} configuration:\n  ${problems.join('\n  ')}`);
}

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
/** A secret's value given in the settings (local stack, tests); empty counts as unset. */
const secretValue = z.preprocess((v) => (v === '' ? undefined : v), z.string().min(32).optional());

/** What every AWS SDK client is made with (lib/aws-client.ts). */
export const awsConfigSchema = z.object({
  /** Lambda sets it; where unset, the SDK looks the region up itself (profile, instance metadata). */
  AWS_REGION: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().min(1).optional()),
});

const logLevel = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() || undefined : v),
  z.enum(['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'CRITICAL', 'SILENT']).optional(),
);

/** The structured logger (logger.ts), under Powertools' own names. */
export const loggingConfigSchema = z
  .object({
    POWERTOOLS_SERVICE_NAME: z.string().min(1).default('check-my-price'),
    POWERTOOLS_LOG_LEVEL: logLevel,
    /** Powertools' alias, read when POWERTOOLS_LOG_LEVEL is unset (CDK sets this one). */
    LOG_LEVEL: logLevel,
  })
  .transform((c) => ({
    serviceName: c.POWERTOOLS_SERVICE_NAME,
    logLevel: c.POWERTOOLS_LOG_LEVEL ?? c.LOG_LEVEL ?? 'INFO',
  }));

export const dynamoConfigSchema = z.object({
  TABLE_NAME: z.string().min(1),
  /** Only set where DynamoDB is answered somewhere else than AWS (the local stand-in). */
  DYNAMODB_ENDPOINT: optionalUrl,
});

/** The data bucket: run manifests, large imports and exports (lib/data-bucket.ts). */
export const dataBucketConfigSchema = z.object({
  DATA_BUCKET: z.string().min(1),
  /** Only set where S3 is answered somewhere else than AWS (the local stand-in, path-style). */
  S3_ENDPOINT: optionalUrl,
});

export const exportsConfigSchema = z.object({
  /** A CSV export at least this large goes by a link to the data bucket (Lambda answers at most 6 MB). */
  EXPORT_LINK_FROM_BYTES: positiveInt(5 * 1024 * 1024),
});

export const authConfigSchema = z
  .object({
    /** The signing key itself (local stack); on AWS the key lives in Secrets Manager instead. */
    TOKEN_SECRET: secretValue,
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
  ORIGIN_VERIFY_SECRET: secretValue,
  ORIGIN_VERIFY_SECRET_ARN: z.string().min(1).optional(),
});

/** How the functions read secrets kept in Secrets Manager (lib/secret.ts). */
export const secretsConfigSchema = z.object({
  /**
   * How long values read from Secrets Manager are kept before they are read again: a rotation
   * reaches warm functions within this time (0 reads on every use).
   */
  SECRET_CACHE_SECONDS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().nonnegative().max(3600).default(300),
  ),
  /** Only set where Secrets Manager is answered somewhere else than AWS (a test's stand-in). */
  SECRETS_MANAGER_ENDPOINT: optionalUrl,
  /** Where the competitor hosts' proxy passwords are kept: each a secret named this plus the host. */
  PROXY_SECRET_PREFIX: z
    .string()
    .regex(/^[\w/+=.@-]*$/)
    .default('check-my-price/host-proxy/'),
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
  /**
   * The plausibility gate: a new price under 1/ratio or over ratio× the URL's last accepted price,
   * shown by one source only, is held for review (default 2: under half or over double).
   */
  PRICE_JUMP_RATIO: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().gt(1).max(100).default(DEFAULT_PRICE_JUMP_RATIO),
  ),
});

/** Limits of the catalogue (catalogue/url-limit.ts). */
export const catalogueConfigSchema = z.object({
  /**
   * Competitor URLs one product may have. At most 100: an import row's URLs are claimed in one
   * request, whose condition (a clause per URL) must stay within DynamoDB's 4 KB.
   */
  COMPETITOR_URLS_PER_PRODUCT_MAX: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(1).max(100).default(DEFAULT_COMPETITOR_URLS_PER_PRODUCT_MAX),
  ),
});

const hostPort = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?:\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}$/, 'host:port, e.g. localhost:4000');

/** A comma-separated list of `host:port` pairs (empty: none). */
export const hostList = z
  .string()
  .default('')
  .transform((raw) =>
    raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(z.array(hostPort));

/** Where alerts go and how (functions/src/alerts/). */
export const alertsConfigSchema = z.object({
  /**
   * The app's public address, for the links in alerts (on AWS: the CloudFront address; locally: the
   * local server's). No default: a guessed address would send staff to the wrong place.
   */
  APP_URL: z.url({
    protocol: /^https?$/,
    error: 'the http(s) address of the app, e.g. https://prices.example',
  }),
  /** The verified SES identity alerts are sent from; an e-mail channel fails without it. */
  SES_FROM_ADDRESS: z.preprocess((v) => (v === '' ? undefined : v), z.email().optional()),
  /** SES's region when it differs from the function's. */
  SES_REGION: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().min(1).optional()),
  /** Only set where SES is answered somewhere else than AWS (the local stand-in). */
  SES_ENDPOINT: optionalUrl,
  /**
   * host:port pairs a webhook may point at although they resolve to private addresses: local
   * receivers (the demo's inbox, test servers). The only way past the block.
   */
  ALERT_ALLOW_HOSTS: hostList,
});
