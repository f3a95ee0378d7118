import type { App } from 'aws-cdk-lib';
import { readConfig } from '../../functions/src/config';
import { scrapeConfigSchema } from '../../functions/src/scrape/scrape.config';
import { scrapeRunConfigSchema } from '../../functions/src/scrape-run/scrape-run.config';

/** Deploy-time settings of scrape runs: the state machine's limits, the schedule and the LLM tier. */
export interface ScrapeRunSettings {
  /** The Map state's MaxConcurrency: pages fetched at once (1–40). */
  readonly maxConcurrency: number;
  /** The state machine's TimeoutSeconds; a run lock older than this is taken over. */
  readonly runTimeoutSeconds: number;
  /** EventBridge schedule expression (UTC) for scheduled runs. */
  readonly schedule: string;
  readonly scheduleEnabled: boolean;
  /** Bedrock model or inference-profile id; null means no LLM tier (and no Bedrock access). */
  readonly bedrockModelId: string | null;
  /** Put into the scraper's User-Agent when set. */
  readonly scraperContactUrl: string | undefined;
  /** Days price records are kept (the table's TTL); 0 keeps them for ever. */
  readonly priceRetentionDays: number;
}

/** CDK context key → the environment variable (and functions setting) it stands for. */
const keys = {
  scrapeMaxConcurrency: 'SCRAPE_MAX_CONCURRENCY',
  scrapeRunTimeoutSeconds: 'SCRAPE_RUN_TIMEOUT_SECONDS',
  scrapeSchedule: 'SCRAPE_SCHEDULE',
  scheduleEnabled: 'SCHEDULE_ENABLED',
  bedrockModelId: 'BEDROCK_MODEL_ID',
  scraperContactUrl: 'SCRAPER_CONTACT_URL',
  priceRetentionDays: 'PRICE_RETENTION_DAYS',
} as const;

const schema = scrapeRunConfigSchema
  .pick({
    SCRAPE_MAX_CONCURRENCY: true,
    SCRAPE_RUN_TIMEOUT_SECONDS: true,
    SCRAPE_SCHEDULE: true,
    SCHEDULE_ENABLED: true,
    PRICE_RETENTION_DAYS: true,
  })
  .extend(scrapeConfigSchema.pick({ BEDROCK_MODEL_ID: true, SCRAPER_CONTACT_URL: true }).shape);

/**
 * `-c scrapeSchedule='cron(0 5 * * ? *)'` wins over `SCRAPE_SCHEDULE=…`; validated with the
 * functions' own schemas, so a value the runtime would refuse fails the synth instead. A context
 * key given empty (`-c bedrockModelId=`) means empty, whatever the environment says.
 */
export function readScrapeRunSettings(app: App, env: NodeJS.ProcessEnv = process.env): ScrapeRunSettings {
  const raw: Record<string, string | undefined> = {};
  for (const [contextKey, envKey] of Object.entries(keys)) {
    const value: unknown = app.node.tryGetContext(contextKey);
    raw[envKey] = value === undefined || value === null ? env[envKey] : String(value);
  }
  const config = readConfig('deploy', schema, raw);
  const problems = [
    ...scheduleProblems(config.SCRAPE_SCHEDULE),
    ...bedrockModelIdProblems(config.BEDROCK_MODEL_ID),
  ];
  if (problems.length > 0) throw new Error(`Invalid deploy configuration:\n  ${problems.join('\n  ')}`);
  return {
    maxConcurrency: config.SCRAPE_MAX_CONCURRENCY,
    runTimeoutSeconds: config.SCRAPE_RUN_TIMEOUT_SECONDS,
    schedule: config.SCRAPE_SCHEDULE,
    scheduleEnabled: config.SCHEDULE_ENABLED,
    bedrockModelId: config.BEDROCK_MODEL_ID,
    scraperContactUrl: config.SCRAPER_CONTACT_URL,
    priceRetentionDays: config.PRICE_RETENTION_DAYS,
  };
}

// The shape EventBridge accepts; the fields themselves are EventBridge's to judge at deploy.
function scheduleProblems(expression: string): string[] {
  const rate = /^rate\((\d+) (minute|minutes|hour|hours|day|days)\)$/.exec(expression);
  if (rate) {
    const [, amount = '0', unit = ''] = rate;
    const plural = unit.endsWith('s');
    if (Number(amount) > 0 && (Number(amount) === 1) !== plural) return [];
  } else if (/^cron\(\S+( \S+){5}\)$/.test(expression)) {
    return [];
  }
  return [
    `SCRAPE_SCHEDULE: an EventBridge schedule such as cron(0 6 * * ? *) or rate(12 hours), not "${expression}"`,
  ];
}

// An id, not an ARN: the grant is built from it (see bedrock-access.ts).
function bedrockModelIdProblems(modelId: string | null): string[] {
  if (modelId === null || /^[a-z0-9-]+(\.[\w-]+)+(:\d+)?(:[\w.-]+)?$/i.test(modelId)) return [];
  return [
    `BEDROCK_MODEL_ID: a Bedrock model id (anthropic.claude-…) or inference-profile id (eu.anthropic.claude-…), not "${modelId}"`,
  ];
}
