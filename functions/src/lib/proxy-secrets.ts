import {
  CreateSecretCommand,
  DeleteSecretCommand,
  GetSecretValueCommand,
  PutSecretValueCommand,
} from '@aws-sdk/client-secrets-manager';
import { secretsManager, secretsSettings } from './secret';

/**
 * A competitor host's proxy password (issue 31): a secret of its own in Secrets Manager, named
 * PROXY_SECRET_PREFIX plus the host (locally, the stand-in keeps it under `.data/`). Never in the
 * table, an answer or a log: the settings keep its last characters to show.
 */
const secretName = (host: string) => `${secretsSettings().PROXY_SECRET_PREFIX}${host}`;

export async function storeProxyPassword(host: string, password: string): Promise<void> {
  const SecretId = secretName(host);
  try {
    await secretsManager().send(new PutSecretValueCommand({ SecretId, SecretString: password }));
  } catch (error) {
    if ((error as Error).name !== 'ResourceNotFoundException') throw error;
    await secretsManager().send(
      new CreateSecretCommand({
        Name: SecretId,
        SecretString: password,
        Description: `Check My Price: the password of ${host}'s proxy`,
      }),
    );
  }
}

/** The host's proxy password; null when it has none. */
export async function readProxyPassword(host: string): Promise<string | null> {
  try {
    const { SecretString } = await secretsManager().send(
      new GetSecretValueCommand({ SecretId: secretName(host) }),
    );
    return SecretString ?? null;
  } catch (error) {
    if ((error as Error).name === 'ResourceNotFoundException') return null;
    throw error;
  }
}

/** Forgets the host's proxy password at once (no recovery window: the admin removed the proxy). */
export async function deleteProxyPassword(host: string): Promise<void> {
  try {
    await secretsManager().send(
      new DeleteSecretCommand({ SecretId: secretName(host), ForceDeleteWithoutRecovery: true }),
    );
  } catch (error) {
    if ((error as Error).name !== 'ResourceNotFoundException') throw error;
  }
}
