/** The scraper's settings section (see ../config.ts). */
import * as z from 'zod';
import { hostList, readConfig, type SettingsSource, settingsSection } from '../config';

export const scrapeConfigSchema = z.object({
  /**
   * host:port pairs (comma separated) that may be fetched although they resolve to loopback or
   * private addresses: the local demo shop and test fixture servers. The only way past the block.
   */
  SCRAPER_ALLOW_HOSTS: hostList,
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
  return `CheckMyPriceBot/1.0${config.SCRAPER_CONTACT_URL ? ` (+${config.SCRAPER_CONTACT_URL})` : ''}`;
}

/** The product token robots.txt rules are matched against. */
export const ROBOTS_AGENT = 'CheckMyPriceBot';
