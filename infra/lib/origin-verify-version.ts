import type { App } from 'aws-cdk-lib';

/** What put-secret-value prints as VersionId: a UUID (Secrets Manager allows 32–64 characters). */
const VERSION_ID = /^[A-Za-z0-9-]{32,64}$/;

/**
 * The origin-verify secret's version CloudFront is to send (decision 52): `-c
 * originVerifyVersion=<VersionId>` wins over `ORIGIN_VERIFY_VERSION`; null names none (the current
 * value when the distribution last changed).
 */
export function readOriginVerifyVersion(app: App, env = process.env): string | null {
  const fromContext: unknown = app.node.tryGetContext('originVerifyVersion');
  const raw = (
    typeof fromContext === 'string' && fromContext !== '' ? fromContext : env.ORIGIN_VERIFY_VERSION
  )?.trim();
  if (!raw) return null;
  if (!VERSION_ID.test(raw))
    throw new Error(
      'Invalid deploy configuration:\n  originVerifyVersion: the VersionId put-secret-value printed (32–64 letters, digits or hyphens)',
    );
  return raw;
}
