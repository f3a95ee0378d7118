import { createHash } from 'node:crypto';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { perSettings, secretsConfigSchema, settingsSection } from '../config';
import { awsClientOptions } from './aws-client';
import { cachedFor } from './cached-for';

export const secretsSettings = settingsSection('secrets', secretsConfigSchema);
export const secretsManager = perSettings(
  () => new SecretsManagerClient(awsClientOptions(secretsSettings().SECRETS_MANAGER_ENDPOINT)),
);

/** Shorter values are refused: both secrets are generated with 64 characters. */
const MIN_LENGTH = 32;

export interface SecretVersion {
  /** Secrets Manager's VersionId; for a value given in the settings, a short hash of it. */
  readonly id: string;
  readonly value: string;
  /** When Secrets Manager made this version; null for a value given in the settings. */
  readonly createdAtMs: number | null;
}

/** The version in use, and during a rotation the one it replaced (until the next rotation). */
export interface SecretVersions {
  readonly current: SecretVersion;
  readonly previous: SecretVersion | null;
}

/** How long a secret read from Secrets Manager is kept before it is read again. */
export const secretCacheSeconds = (): number => secretsSettings().SECRET_CACHE_SECONDS;

/**
 * A reader for one secret: the value itself where the settings give it (local stack, tests), else
 * the AWSCURRENT and AWSPREVIOUS versions from Secrets Manager by ARN (on AWS), read again every
 * SECRET_CACHE_SECONDS so a rotation reaches warm functions; null when neither is set. A failed
 * read is tried again on the next call.
 */
export function secretReader(
  name: string,
  source: { value?: string | undefined; arn?: string | undefined },
): () => Promise<SecretVersions | null> {
  const { value, arn } = source;
  if (value) {
    const fixed = Promise.resolve({
      current: { id: shortHash(value), value, createdAtMs: null },
      previous: null,
    });
    return () => fixed;
  }
  if (!arn) return () => Promise.resolve(null);
  return cachedFor(secretCacheSeconds() * 1000, () => readVersions(name, arn));
}

/** A fixed id for a value given in the settings: it names the key without revealing it. */
const shortHash = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 16);

async function readVersions(name: string, arn: string): Promise<SecretVersions> {
  const [current, previous] = await Promise.all([
    readStage(arn, 'AWSCURRENT'),
    readStage(arn, 'AWSPREVIOUS'),
  ]);
  if (!current || current.value.length < MIN_LENGTH)
    throw new Error(`The ${name} secret is missing or too short`);
  // A previous value too short was refused while it was current, so it was never in use.
  return { current, previous: previous && previous.value.length >= MIN_LENGTH ? previous : null };
}

async function readStage(arn: string, stage: 'AWSCURRENT' | 'AWSPREVIOUS'): Promise<SecretVersion | null> {
  try {
    const { SecretString, VersionId, CreatedDate } = await secretsManager().send(
      new GetSecretValueCommand({ SecretId: arn, VersionStage: stage }),
    );
    if (!SecretString || !VersionId) return null;
    return { id: VersionId, value: SecretString, createdAtMs: CreatedDate?.getTime() ?? null };
  } catch (error) {
    // Before the first rotation no version carries AWSPREVIOUS.
    if (stage === 'AWSPREVIOUS' && (error as Error).name === 'ResourceNotFoundException') return null;
    throw error;
  }
}
