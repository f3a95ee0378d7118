import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromiumOnThisMachine } from './chromium-path';

export const LOCAL_TABLE_NAME = 'check-my-price-local';
export const LOCAL_DATA_BUCKET = 'check-my-price-local-data';

/**
 * The one place that decides how the functions reach their AWS services on this machine: the
 * endpoints of the local stand-ins and the settings that AWS would otherwise provide. The host
 * hands them to the functions as settings (provideSettings); the clients pointed at a stand-in
 * send it static credentials (functions/src/lib/aws-client.ts), so none are set here.
 */
export function localFunctionEnv(options: {
  dynamoEndpoint: string;
  /** The S3 stand-in of the data bucket; the scripts, which use no bucket, start none. */
  s3Endpoint?: string;
  tokenSecret: string;
}): Record<string, string> {
  const chromium = chromiumOnThisMachine();
  return {
    TABLE_NAME: LOCAL_TABLE_NAME,
    DYNAMODB_ENDPOINT: options.dynamoEndpoint,
    ...(options.s3Endpoint ? { DATA_BUCKET: LOCAL_DATA_BUCKET, S3_ENDPOINT: options.s3Endpoint } : {}),
    TOKEN_SECRET: options.tokenSecret,
    AWS_REGION: process.env.AWS_REGION ?? 'eu-west-2',
    POWERTOOLS_SERVICE_NAME: 'check-my-price',
    POWERTOOLS_LOG_LEVEL: process.env.LOG_LEVEL ?? 'WARN',
    // Every local user signs in from 127.0.0.1: a per-address limit would lock out everyone at once.
    LOGIN_MAX_FAILURES_PER_ADDRESS: process.env.LOGIN_MAX_FAILURES_PER_ADDRESS ?? '0',
    // The SES stand-in sends as anyone; on AWS this is the verified sender (a deploy setting).
    SES_FROM_ADDRESS: process.env.SES_FROM_ADDRESS ?? 'alerts@check-my-price.example',
    // The browser tier's Chromium: this machine's (on AWS, the browser function brings its own).
    ...(chromium ? { CHROMIUM_PATH: chromium } : {}),
  };
}

/** The token signing key: generated once per data directory (Secrets Manager's stand-in), or per run in memory. */
export async function localTokenSecret(dataDir: string | undefined): Promise<string> {
  if (!dataDir) return randomBytes(48).toString('base64url');
  const file = join(dataDir, 'token-secret');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const secret = randomBytes(48).toString('base64url');
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
