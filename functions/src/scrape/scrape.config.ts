/** The scraper's settings section (see ../config.ts). */
import { isIP } from 'node:net';
import { ROBOTS_AGENT } from '@cmp/shared';
import * as z from 'zod';
import { hostList, readConfig, type SettingsSource, settingsSection } from '../config';

/** A DNS host name: dot-separated labels of letters, digits and inner hyphens. */
const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

export const scrapeConfigSchema = z.object({
  /**
   * The Chromium the browser tier runs (issue 31): set where the machine has one (the local stack:
   * Debian's `chromium`); unset on AWS, where the RenderUrl function brings its own.
   */
  CHROMIUM_PATH: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  /** On AWS, where the browser function's packed Chromium is (infra/lib/app-function.ts); unpacked into /tmp. */
  CHROMIUM_BIN_DIR: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  /**
   * host:port pairs (comma separated) that may be fetched although they resolve to loopback or
   * private addresses: the local demo shop and test fixture servers. The only way past the block.
   */
  SCRAPER_ALLOW_HOSTS: hostList,
  /**
   * `name=address` pairs (comma separated) the fetcher resolves without asking DNS: the local demo's
   * shop host names (brightway.localhost=127.0.0.1). Never set on AWS. A mapped name still passes
   * the address checks, so one mapped to loopback is fetched only when also in SCRAPER_ALLOW_HOSTS.
   */
  SCRAPER_HOST_MAP: z
    .string()
    .default('')
    .transform((raw, ctx) => {
      const map = new Map<string, string>();
      for (const entry of raw
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean)) {
        const [name = '', address = '', extra] = entry.split('=').map((s) => s.trim());
        if (extra !== undefined || !HOST_NAME.test(name) || isIP(name) || !isIP(address)) {
          ctx.addIssue({
            code: 'custom',
            message: `'${entry}': name=address, e.g. shop.localhost=127.0.0.1`,
          });
        } else if (map.has(name)) {
          ctx.addIssue({ code: 'custom', message: `'${name}' is mapped twice` });
        } else map.set(name, address);
      }
      return map as ReadonlyMap<string, string>;
    }),
  /** Where site owners can read about the bot; goes into the User-Agent. */
  SCRAPER_CONTACT_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
  /** Bedrock model or inference-profile id; empty means no LLM tier. */
  BEDROCK_MODEL_ID: z
    .string()
    .trim()
    .default('')
    .transform((v) => v || null),
  /** Only for the local or test stand-in speaking the Converse API. */
  BEDROCK_ENDPOINT: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
  AWS_REGION: z.string().min(1).default('us-east-1'),
});

export type ScrapeConfig = z.infer<typeof scrapeConfigSchema>;

/** The scraper settings of this runtime. */
export const scrapeSettings = settingsSection('scraper', scrapeConfigSchema);

/** Reads and validates scraper settings from `env`; throws listing every problem. */
export function readScrapeConfig(env: SettingsSource): ScrapeConfig {
  return readConfig('scraper', scrapeConfigSchema, env);
}

/** The User-Agent: names the product and, when configured, where to reach its operators. */
export function userAgent(config: Pick<ScrapeConfig, 'SCRAPER_CONTACT_URL'>): string {
  return `${ROBOTS_AGENT}/1.0${config.SCRAPER_CONTACT_URL ? ` (+${config.SCRAPER_CONTACT_URL})` : ''}`;
}
