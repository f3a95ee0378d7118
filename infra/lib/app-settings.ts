import type { App } from 'aws-cdk-lib';
import { comparisonConfigSchema, readConfig, shopConfigSchema } from '../../functions/src/config';
import { readScrapeRunSettings, type ScrapeRunSettings } from './scrape-run-settings';

/** Deploy-time settings, read once from CDK context or the environment and validated like the runtimes'. */
export interface AppSettings {
  /** ISO 4217 code shown for every own price (decision 4). */
  readonly shopCurrency: string;
  readonly logLevel: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
  /** 0–1: competitor prices below this confidence are shown, never compared (PRICE_CONFIDENCE_FLOOR). */
  readonly priceConfidenceFloor: number;
  /** > 1: the plausibility gate's ratio (PRICE_JUMP_RATIO). */
  readonly priceJumpRatio: number;
  /** Scrape runs: concurrency, timeout, schedule, Bedrock model, contact URL (scrape-run-settings.ts). */
  readonly scrapeRun: ScrapeRunSettings;
}

const logLevels = ['DEBUG', 'INFO', 'WARN', 'ERROR'] as const;

/**
 * `-c shopCurrency=EUR` wins over `SHOP_CURRENCY=EUR`; the default is GBP. Likewise
 * `-c priceConfidenceFloor=0.6` over `PRICE_CONFIDENCE_FLOOR` (default 0.5), `-c priceJumpRatio=3` over
 * `PRICE_JUMP_RATIO` (default 2). `-c logLevel=DEBUG` for noisy logs.
 */
export function readAppSettings(app: App, env = process.env): AppSettings {
  const fromContext = (key: string): string | undefined => {
    const value: unknown = app.node.tryGetContext(key);
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const { SHOP_CURRENCY } = readConfig('deploy', shopConfigSchema, {
    SHOP_CURRENCY: fromContext('shopCurrency') ?? env.SHOP_CURRENCY,
  });
  const { PRICE_CONFIDENCE_FLOOR, PRICE_JUMP_RATIO } = readConfig('deploy', comparisonConfigSchema, {
    PRICE_CONFIDENCE_FLOOR: fromContext('priceConfidenceFloor') ?? env.PRICE_CONFIDENCE_FLOOR,
    PRICE_JUMP_RATIO: fromContext('priceJumpRatio') ?? env.PRICE_JUMP_RATIO,
  });
  // Context only: a LOG_LEVEL exported for the local server should not leak into a deploy.
  const logLevel = (fromContext('logLevel') ?? 'INFO').toUpperCase();
  if (!logLevels.includes(logLevel as AppSettings['logLevel'])) {
    throw new Error(`Invalid deploy configuration:\n  logLevel: one of ${logLevels.join(', ')}`);
  }
  return {
    shopCurrency: SHOP_CURRENCY,
    logLevel: logLevel as AppSettings['logLevel'],
    priceConfidenceFloor: PRICE_CONFIDENCE_FLOOR,
    priceJumpRatio: PRICE_JUMP_RATIO,
    scrapeRun: readScrapeRunSettings(app, env),
  };
}
