import { randomUUID } from 'node:crypto';
import { awsError, startAwsJsonServer } from '../../local/aws-json-server';

interface Version {
  readonly id: string;
  readonly value: string;
  readonly createdAt: Date;
}

export interface SecretsManagerStandIn {
  /** SECRETS_MANAGER_ENDPOINT for the functions. */
  readonly endpoint: string;
  /** Creates a secret whose first version is AWSCURRENT; answers its ARN. */
  create(name: string, value: string): string;
  /**
   * Secrets Manager's put-secret-value: the new version becomes AWSCURRENT, the current one
   * AWSPREVIOUS, and the one before loses its label. Answers the new VersionId.
   */
  put(arn: string, value: string): string;
  close(): Promise<void>;
}

/**
 * Secrets Manager's stand-in for tests: GetSecretValue (by ARN, with or without VersionStage) over
 * the AWS JSON 1.1 protocol the functions' real client speaks, on loopback.
 */
export async function startSecretsManagerStandIn(region = 'eu-west-2'): Promise<SecretsManagerStandIn> {
  const secrets = new Map<string, { current: Version; previous: Version | null }>();
  const version = (value: string): Version => ({ id: randomUUID(), value, createdAt: new Date() });

  function getSecretValue(input: { SecretId?: string; VersionStage?: string }) {
    const secret = secrets.get(String(input.SecretId));
    if (!secret)
      throw awsError('ResourceNotFoundException', "Secrets Manager can't find the specified secret.");
    const stage = input.VersionStage ?? 'AWSCURRENT';
    const found = stage === 'AWSCURRENT' ? secret.current : stage === 'AWSPREVIOUS' ? secret.previous : null;
    if (!found)
      throw awsError(
        'ResourceNotFoundException',
        `Secrets Manager can't find the specified secret value for staging label: ${stage}`,
      );
    return {
      ARN: input.SecretId,
      SecretString: found.value,
      VersionId: found.id,
      VersionStages: [stage],
      // The protocol's timestamps are epoch seconds.
      CreatedDate: found.createdAt.getTime() / 1000,
    };
  }

  const server = await startAwsJsonServer({ GetSecretValue: getSecretValue }, '1.1');

  return {
    endpoint: server.endpoint,
    create(name, value) {
      const arn = `arn:aws:secretsmanager:${region}:000000000000:secret:${name}-AbCdEf`;
      secrets.set(arn, { current: version(value), previous: null });
      return arn;
    },
    put(arn, value) {
      const secret = secrets.get(arn);
      if (!secret) throw new Error(`No secret ${arn}`);
      const next = version(value);
      secrets.set(arn, { current: next, previous: secret.current });
      return next.id;
    },
    close: () => server.close(),
  };
}
