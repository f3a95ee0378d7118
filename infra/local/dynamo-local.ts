import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { CreateTableCommand, DynamoDBClient, ResourceInUseException } from '@aws-sdk/client-dynamodb';
import { createTableInput } from '@cmp/functions/data/table';

// This machine runs Node 20 on purpose (decisions 7); the SDK's advice to move to 22 is for Lambda, which does.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export interface LocalDynamo {
  endpoint: string;
  /** DynamoDB requests answered so far: lets tests and benchmarks count a call's requests. */
  totalRequests(): number;
  close(): Promise<void>;
}

type WorkerMessage = { port: number } | { error: string } | { closed: true };

/**
 * DynamoDB's stand-in: dynalite on a loopback port, in a worker thread, persisted under `path` or in
 * memory, with the application table created from the same definition CDK uses.
 */
export async function startLocalDynamo(options: { path?: string; tableName: string }): Promise<LocalDynamo> {
  const requests = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
  const worker = new Worker(new URL('./dynalite-worker.mjs', import.meta.url), {
    workerData: { path: options.path, requests },
  });
  // The process ends when its own servers do; the worker does not hold it open.
  worker.unref();
  const next = async () => ((await once(worker, 'message')) as [WorkerMessage])[0];
  const started = await next();
  if (!('port' in started)) {
    await worker.terminate();
    throw new Error(`The local DynamoDB did not start: ${'error' in started ? started.error : 'no port'}`);
  }
  const endpoint = `http://127.0.0.1:${started.port}`;

  const client = new DynamoDBClient({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    await client.send(new CreateTableCommand(createTableInput(options.tableName)));
  } catch (error) {
    if (!(error instanceof ResourceInUseException)) {
      await worker.terminate();
      throw error;
    }
  } finally {
    client.destroy();
  }

  const counted = new Int32Array(requests);
  return {
    endpoint,
    totalRequests: () => Atomics.load(counted, 0),
    close: async () => {
      worker.postMessage('close');
      await next();
      await worker.terminate();
    },
  };
}
