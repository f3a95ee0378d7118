import * as z from 'zod';
import { readConfig, type SettingsSource, settingsSection } from '../config';

/** Settings of discovery jobs: their state machine, and how long one may take. */
export const discoveryConfigSchema = z.object({
  /** The state machine that runs discovery jobs (the competitors API starts it). */
  DISCOVERY_STATE_MACHINE_ARN: z
    .string()
    .min(1)
    .default('arn:aws:states:local:000000000000:stateMachine:check-my-price-discovery'),
  /** Only where Step Functions is answered elsewhere than AWS (the local stand-in). */
  SFN_ENDPOINT: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
  /**
   * The job's timeout: 20,000 pages of one shop at its 1 s pace take about 6 h; a job older than
   * this no longer blocks the next.
   */
  DISCOVERY_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 86_400)
    .default(86_400),
});

export const discoverySettings = settingsSection('discovery', discoveryConfigSchema);

/** Reads and validates discovery settings from `env` (the local server's, before it loads any entry). */
export const readDiscoveryConfig = (env: SettingsSource) =>
  readConfig('discovery', discoveryConfigSchema, env);
