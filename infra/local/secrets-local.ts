import { randomUUID } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { awsError, startAwsJsonServer } from './aws-json-server';

interface Version {
  readonly id: string;
  readonly value: string;
  /** Epoch ms. */
  readonly createdAt: number;
}

interface Secret {
  readonly arn: string;
  readonly name: string;
  current: Version;
  previous: Version | null;
}

export interface LocalSecretsManager {
  /** SECRETS_MANAGER_ENDPOINT for the functions. */
  readonly endpoint: string;
  /** Creates a secret whose first version is AWSCURRENT; answers its ARN (tests seed secrets so). */
  create(name: string, value: string): string;
  /**
   * Secrets Manager's put-secret-value: the new version becomes AWSCURRENT, the current one
   * AWSPREVIOUS, and the one before loses its label. Answers the new VersionId.
   */
  put(secretId: string, value: string): string;
  close(): Promise<void>;
}

/**
 * Secrets Manager's stand-in: CreateSecret, PutSecretValue, GetSecretValue (by name or ARN, with or
 * without VersionStage) and DeleteSecret over the AWS JSON 1.1 protocol the functions' real client
 * speaks, on loopback. Kept in `file` (the local data, owner only) when given, else in memory. The
 * competitor hosts' proxy passwords live here locally; the tests' rotating secrets too.
 */
export async function startLocalSecretsManager(
  options: { file?: string; region?: string } = {},
): Promise<LocalSecretsManager> {
  const region = options.region ?? 'eu-west-2';
  const secrets = new Map<string, Secret>();
  if (options.file) {
    const saved = await readFile(options.file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return '[]';
      throw error;
    });
    for (const secret of JSON.parse(saved) as Secret[]) secrets.set(secret.name, secret);
  }
  let saving = Promise.resolve();
  const save = () => {
    const { file } = options;
    if (!file) return;
    const text = JSON.stringify([...secrets.values()]);
    // In turn, each whole: a file half written never replaces the last good one.
    saving = saving.then(async () => {
      await writeFile(`${file}.new`, text, { mode: 0o600 });
      await rename(`${file}.new`, file);
    });
  };
  const version = (value: string): Version => ({ id: randomUUID(), value, createdAt: Date.now() });
  const notFound = () =>
    awsError('ResourceNotFoundException', "Secrets Manager can't find the specified secret.");
  const find = (secretId: unknown) =>
    secrets.get(String(secretId)) ?? [...secrets.values()].find((secret) => secret.arn === secretId);

  function create(name: string, value: string): string {
    if (secrets.has(name))
      throw awsError(
        'ResourceExistsException',
        `The operation failed because the secret ${name} already exists.`,
      );
    // A random suffix, as Secrets Manager gives every secret's ARN.
    const arn = `arn:aws:secretsmanager:${region}:000000000000:secret:${name}-${randomUUID().slice(0, 6)}`;
    secrets.set(name, { arn, name, current: version(value), previous: null });
    save();
    return arn;
  }

  function put(secretId: string, value: string): string {
    const secret = find(secretId);
    if (!secret) throw notFound();
    const next = version(value);
    secret.previous = secret.current;
    secret.current = next;
    save();
    return next.id;
  }

  const server = await startAwsJsonServer(
    {
      CreateSecret: (input) => {
        const arn = create(String(input.Name), String(input.SecretString ?? ''));
        return { ARN: arn, Name: input.Name, VersionId: find(arn)?.current.id };
      },
      PutSecretValue: (input) => {
        const versionId = put(String(input.SecretId), String(input.SecretString ?? ''));
        const secret = find(input.SecretId);
        return { ARN: secret?.arn, Name: secret?.name, VersionId: versionId, VersionStages: ['AWSCURRENT'] };
      },
      GetSecretValue: (input) => {
        const secret = find(input.SecretId);
        if (!secret) throw notFound();
        const stage = String(input.VersionStage ?? 'AWSCURRENT');
        const found =
          stage === 'AWSCURRENT' ? secret.current : stage === 'AWSPREVIOUS' ? secret.previous : null;
        if (!found)
          throw awsError(
            'ResourceNotFoundException',
            `Secrets Manager can't find the specified secret value for staging label: ${stage}`,
          );
        return {
          ARN: secret.arn,
          Name: secret.name,
          SecretString: found.value,
          VersionId: found.id,
          VersionStages: [stage],
          // The protocol's timestamps are epoch seconds.
          CreatedDate: found.createdAt / 1000,
        };
      },
      DeleteSecret: (input) => {
        const secret = find(input.SecretId);
        if (!secret) throw notFound();
        secrets.delete(secret.name);
        save();
        return { ARN: secret.arn, Name: secret.name, DeletionDate: Date.now() / 1000 };
      },
    },
    '1.1',
  );

  return {
    endpoint: server.endpoint,
    create,
    put,
    close: async () => {
      await server.close();
      await saving;
    },
  };
}
