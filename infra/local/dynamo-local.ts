import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { CreateTableCommand, DynamoDBClient, ResourceInUseException } from '@aws-sdk/client-dynamodb';
import { createTableInput } from '@cmp/functions/data/table';
import dynalite from 'dynalite';

// This machine runs Node 20 on purpose (decisions 7); the SDK's advice to move to 22 is for Lambda, which does.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export interface LocalDynamo {
  endpoint: string;
  /** DynamoDB operations answered so far, by name (GetItem, Query, ...): lets tests count calls. */
  readonly requests: Map<string, number>;
  totalRequests(): number;
  close(): Promise<void>;
}

/**
 * DynamoDB's stand-in: dynalite on a loopback port, persisted under `path` or in memory, with the
 * application table created from the same definition CDK uses.
 */
export async function startLocalDynamo(options: { path?: string; tableName: string }): Promise<LocalDynamo> {
  // createTableMs 0: otherwise the table stays CREATING for a moment and the first write fails.
  const server = dynalite({ ...(options.path ? { path: options.path } : {}), createTableMs: 0 });
  const requests = new Map<string, number>();
  server.on('request', (req) => {
    const operation = String(req.headers['x-amz-target'] ?? '').split('.')[1] ?? 'unknown';
    requests.set(operation, (requests.get(operation) ?? 0) + 1);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const client = new DynamoDBClient({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    await client.send(new CreateTableCommand(createTableInput(options.tableName)));
  } catch (error) {
    if (!(error instanceof ResourceInUseException)) throw error;
  } finally {
    client.destroy();
  }

  return {
    endpoint,
    requests,
    totalRequests: () => [...requests.values()].reduce((sum, n) => sum + n, 0),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections?.();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
