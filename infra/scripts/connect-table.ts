/**
 * Where the scripts write: the deployed table when TABLE_NAME is set (AWS credentials and region
 * from the usual AWS settings), else the running local stack's DynamoDB, else the data on disk
 * (DATA_DIR, default .data).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { provideSettings } from '@cmp/functions/config';
import { startLocalDynamo } from '../local/dynamo-local';
import { LOCAL_TABLE_NAME, localFunctionEnv } from '../local/local-env';
import { ENDPOINT_FILE } from '../local/stack';

/** The functions' settings want a signing key; these scripts sign nothing. */
const UNUSED_SECRET = 'unused-by-the-scripts-unused-by-the-scripts';

/**
 * Provides the functions' settings (the scripts are their entries): the environment, pointed at the
 * deployed table, the running local stack, or the data on disk.
 */
export async function connectTable(): Promise<{ description: string; close(): Promise<void> }> {
  if (process.env.TABLE_NAME) {
    provideSettings(process.env);
    return { description: `table ${process.env.TABLE_NAME}`, close: async () => undefined };
  }
  const dataDir = resolve(process.env.DATA_DIR ?? '.data');
  const useLocal = (dynamoEndpoint: string) =>
    provideSettings({ ...process.env, ...localFunctionEnv({ dynamoEndpoint, tokenSecret: UNUSED_SECRET }) });
  const running = runningStackEndpoint(dataDir);
  if (running) {
    useLocal(running);
    return { description: `the running local stack (${dataDir})`, close: async () => undefined };
  }
  const dynamo = await startLocalDynamo({ path: join(dataDir, 'dynamodb'), tableName: LOCAL_TABLE_NAME });
  useLocal(dynamo.endpoint);
  return { description: `the local data in ${dataDir}`, close: () => dynamo.close() };
}

function runningStackEndpoint(dataDir: string): string | undefined {
  const file = join(dataDir, ENDPOINT_FILE);
  if (!existsSync(file)) return undefined;
  try {
    const { endpoint, pid } = JSON.parse(readFileSync(file, 'utf8')) as { endpoint: string; pid: number };
    process.kill(pid, 0); // throws when that process is gone
    return endpoint;
  } catch {
    return undefined;
  }
}
