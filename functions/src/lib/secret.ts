import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { awsClientOptions } from './aws-client';

/**
 * A reader for one secret, read once per container: the value itself where the settings give it
 * (local stack, tests), else from Secrets Manager by ARN (on AWS); null when neither is set. A
 * failed read is tried again on the next call.
 */
export function secretReader(
  name: string,
  source: { value?: string | undefined; arn?: string | undefined },
): () => Promise<string | null> {
  let secret: Promise<string | null> | undefined;
  return () => {
    secret ??= (async () => {
      if (source.value) return source.value;
      if (!source.arn) return null;
      const { SecretString } = await new SecretsManagerClient(awsClientOptions(undefined)).send(
        new GetSecretValueCommand({ SecretId: source.arn }),
      );
      if (!SecretString || SecretString.length < 32)
        throw new Error(`The ${name} secret is missing or too short`);
      return SecretString;
    })();
    secret.catch(() => {
      secret = undefined;
    });
    return secret;
  };
}
