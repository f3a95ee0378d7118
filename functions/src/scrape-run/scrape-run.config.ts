import { scheduleBoundProblem } from '@cmp/shared';
import * as z from 'zod';
import { readConfig, type SettingsSource, settingsSection } from '../config';

/** The longest time limit a run may be given: a week. */
export const MAX_RUN_TIMEOUT_SECONDS = 7 * 86_400;

/** Settings of scrape runs: the state machine, its limits and the schedule's deploy-time default. */
export const scrapeRunConfigSchema = z.object({
  /** The state machine that runs scrapes (the scraper API starts and stops it). */
  STATE_MACHINE_ARN: z
    .string()
    .min(1)
    .default('arn:aws:states:local:000000000000:stateMachine:check-my-price-scrape'),
  /** Only where Step Functions is answered elsewhere than AWS (the local stand-in). */
  SFN_ENDPOINT: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
  /**
   * The state machine's timeout; a lock older than this belongs to a run that died. 24 h: a run is
   * bound by its shops' pace, and 60,000 URLs on one shop at 1 s apart, 2 at a time, are over 8 h
   * (issue 30). At most 7 days (a Standard execution may last a year).
   */
  SCRAPE_RUN_TIMEOUT_SECONDS: z.coerce.number().int().min(60).max(MAX_RUN_TIMEOUT_SECONDS).default(86_400),
  /**
   * Days a check's price record is kept before DynamoDB's TTL deletes it (the URL's latest
   * observation stays); 0 keeps records for ever. 400: a year of history with room to compare.
   */
  PRICE_RETENTION_DAYS: z.coerce.number().int().min(0).max(36_500).default(400),
  /**
   * Pages fetched at once: children at once × URLs per child (decision 59). 20: a batch waits for
   * its slowest check, so at 10 a run of 30,000 real pages took about the whole 4 h timeout.
   */
  SCRAPE_MAX_CONCURRENCY: z.coerce.number().int().min(1).max(40).default(20),
  /**
   * When scheduled runs start, in EventBridge cron syntax (UTC): the schedule rule's deploy-time
   * default (CDK's and the local stack's). Admins change the rule itself (schedule-rule.ts), within
   * the same bounds.
   */
  SCRAPE_SCHEDULE: z
    .string()
    .trim()
    .superRefine((expression, context) => {
      const problem = scheduleBoundProblem(expression);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .default('cron(0 6 * * ? *)'),
  /** `false` deploys the schedule rule disabled. */
  SCHEDULE_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

export type ScrapeRunConfig = z.infer<typeof scrapeRunConfigSchema>;

/** The scrape-run settings of this runtime. */
export const scrapeRunSettings = settingsSection('scrape run', scrapeRunConfigSchema);

/** Reads and validates scrape-run settings from `env` (the local server's, before it loads any entry). */
export function readScrapeRunConfig(env: SettingsSource): ScrapeRunConfig {
  return readConfig('scrape run', scrapeRunConfigSchema, env);
}
