import { once } from 'node:events';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { CreateTableCommand, DynamoDBClient, ResourceInUseException } from '@aws-sdk/client-dynamodb';
import { createTableInput } from '@cmp/functions/data/table';
import dynalite from 'dynalite';
import { keepOwnerOnly } from './data-dir';
import { startTsWorker } from './ts-worker';

// This machine runs Node 20 on purpose (decisions 7); the SDK's advice to move to 22 is for Lambda, which does.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export interface LocalDynamo {
  endpoint: string;
  /** DynamoDB requests answered so far: lets tests count calls. */
  totalRequests(): number;
  close(): Promise<void>;
}

export interface LocalDynamoOptions {
  /** Persist under this directory; in memory without it. */
  path?: string;
  tableName: string;
  /**
   * 'worker' serves dynalite from a worker thread, so its tables live outside this thread's heap, as
   * DynamoDB lives outside a Lambda's (the API bench). The default, this thread: decision 23.
   */
  thread?: 'main' | 'worker';
}

/**
 * DynamoDB's stand-in: dynalite on a loopback port, persisted under `path` (the owner's alone) or
 * in memory, with the application table created from the same definition CDK uses. It answers no
 * request a browser page could make (`refuseCrossOrigin`).
 */
export async function startLocalDynamo(options: LocalDynamoOptions): Promise<LocalDynamo> {
  // One counter, shared with a worker: a request is counted before it is answered, so a caller reads
  // its own requests as soon as their answers arrive.
  const counter = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  const totalRequests = () => Atomics.load(counter, 0);
  if (options.thread === 'worker') {
    const worker = startTsWorker(import.meta.url, {
      path: options.path,
      tableName: options.tableName,
      counter,
    });
    const [endpoint] = (await Promise.race([
      once(worker, 'message'),
      once(worker, 'exit').then(([code]) => {
        throw new Error(`The DynamoDB stand-in's worker stopped (exit ${code})`);
      }),
    ])) as [string];
    return {
      endpoint,
      totalRequests,
      close: async () => {
        worker.postMessage('close');
        await once(worker, 'exit');
      },
    };
  }
  const served = await serveDynalite(options, counter);
  return { endpoint: served.endpoint, totalRequests, close: served.close };
}

async function serveDynalite(options: { path?: string; tableName: string }, counter: Int32Array) {
  if (options.path) await keepOwnerOnly(options.path);
  // createTableMs 0: otherwise the table stays CREATING for a moment and the first write fails.
  const server = dynalite({ ...(options.path ? { path: options.path } : {}), createTableMs: 0 });
  const answer = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  server.on('request', (req, res) => {
    if (refuseCrossOrigin(req, res)) return;
    Atomics.add(counter, 0, 1);
    for (const listener of answer) listener(req, res);
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
  if (options.path) await keepOwnerOnly(options.path);
  return {
    endpoint,
    close: async () => {
      await new Promise<void>((resolve, reject) => {
        server.closeAllConnections?.();
        server.close((error) => (error ? reject(error) : resolve()));
      });
      // What LevelDB wrote while it ran.
      if (options.path) await keepOwnerOnly(options.path);
    },
  };
}

/**
 * dynalite answers any `Origin` with `Access-Control-Allow-Origin: *`, so a page on another local
 * origin could read the table (webhook secrets, password hashes). Only our own processes talk to
 * it, and they send no Origin; a browser sends one with every preflight and every cross-origin or
 * non-GET request. Those get 403, without CORS headers. True when it refused.
 */
function refuseCrossOrigin(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.headers.origin === undefined && req.method !== 'OPTIONS') return false;
  res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' });
  res.end('Cross-origin requests are refused');
  return true;
}

if (!isMainThread && parentPort && (workerData as { counter?: unknown })?.counter instanceof Int32Array) {
  const port = parentPort;
  const { path, tableName, counter } = workerData as {
    path?: string;
    tableName: string;
    counter: Int32Array;
  };
  const served = await serveDynalite({ ...(path ? { path } : {}), tableName }, counter);
  port.on('message', async () => {
    await served.close();
    port.close();
  });
  port.postMessage(served.endpoint);
}
