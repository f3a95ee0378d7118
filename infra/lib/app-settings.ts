import type { App } from 'aws-cdk-lib';
import {
  alertsConfigSchema,
  comparisonConfigSchema,
  readConfig,
  shopConfigSchema,
} from '../../functions/src/config';
import { type CustomDomainSettings, readCustomDomainSettings } from './custom-domain-settings';
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
  /** Alert e-mail through SES; null: no sender set, so e-mail channels fail and nothing may send. */
  readonly ses: SesSettings | null;
  /** The site's own name and certificate; null: the distribution's *.cloudfront.net name. */
  readonly customDomain: CustomDomainSettings | null;
}

export interface SesSettings {
  /** The From address of alert e-mail (SES_FROM_ADDRESS). */
  readonly fromAddress: string;
  /** The verified SES identity it is sent as: the address itself, or its domain. */
  readonly identity: string;
  /** SES's region; undefined: the stack's own. */
  readonly region: string | undefined;
}

const logLevels = ['DEBUG', 'INFO', 'WARN', 'ERROR'] as const;

/**
 * `-c shopCurrency=EUR` wins over `SHOP_CURRENCY=EUR`; the default is GBP. Likewise
 * `-c priceConfidenceFloor=0.6` over `PRICE_CONFIDENCE_FLOOR` (default 0.5), `-c priceJumpRatio=3` over
 * `PRICE_JUMP_RATIO` (default 2). `-c logLevel=DEBUG` for noisy logs. `-c domainName=… -c certificateArn=…`
 * (or DOMAIN_NAME, CERTIFICATE_ARN) put the site on its own name (custom-domain-settings.ts).
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
  const ses = readSesSettings({
    SES_FROM_ADDRESS: fromContext('sesFromAddress') ?? env.SES_FROM_ADDRESS,
    SES_IDENTITY: fromContext('sesIdentity') ?? env.SES_IDENTITY,
    SES_REGION: fromContext('sesRegion') ?? env.SES_REGION,
  });
  const customDomain = readCustomDomainSettings({
    DOMAIN_NAME: fromContext('domainName') ?? env.DOMAIN_NAME,
    CERTIFICATE_ARN: fromContext('certificateArn') ?? env.CERTIFICATE_ARN,
    HOSTED_ZONE_ID: fromContext('hostedZoneId') ?? env.HOSTED_ZONE_ID,
    HOSTED_ZONE_NAME: fromContext('hostedZoneName') ?? env.HOSTED_ZONE_NAME,
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
    ses,
    customDomain,
  };
}

const sesSchema = alertsConfigSchema.pick({ SES_FROM_ADDRESS: true, SES_REGION: true });

/**
 * `-c sesFromAddress=alerts@shop.example` (or SES_FROM_ADDRESS); `-c sesIdentity=shop.example` when
 * the domain rather than the address is verified (default: the address); `-c sesRegion=eu-west-1`
 * when SES is used in another region than the stack's. The address must belong to the identity.
 */
function readSesSettings(raw: Record<string, string | undefined>): SesSettings | null {
  const { SES_FROM_ADDRESS: fromAddress, SES_REGION: region } = readConfig('deploy', sesSchema, raw);
  const identity = raw.SES_IDENTITY ?? fromAddress;
  if (!fromAddress || !identity) {
    if (identity) throw new Error('Invalid deploy configuration:\n  SES_IDENTITY: set SES_FROM_ADDRESS too');
    return null;
  }
  // The identity ARN is the only resource ses:SendEmail is granted on, so it must cover the sender.
  // A verified domain covers its subdomains' addresses too.
  const address = fromAddress.toLowerCase();
  const domain = address.slice(address.lastIndexOf('@') + 1);
  const wanted = identity.toLowerCase();
  if (wanted !== address && domain !== wanted && !domain.endsWith(`.${wanted}`))
    throw new Error(
      `Invalid deploy configuration:\n  SES_IDENTITY: ${identity} does not cover ${fromAddress}: use the address itself or its domain`,
    );
  return { fromAddress, identity, region };
}
