/**
 * Where the scripts write: the deployed table when TABLE_NAME is set (AWS credentials and region
 * from the usual AWS settings), else the running local stack's DynamoDB, else the data on disk
 * (DATA_DIR, default .data).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startLocalDynamo } from '../local/dynamo-local';
import { LOCAL_TABLE_NAME, localFunctionEnv } from '../local/local-env';
import { ENDPOINT_FILE } from '../local/stack';

/** The functions' settings want a signing key; these scripts sign nothing. */
const UNUSED_SECRET = 'unused-by-the-scripts-unused-by-the-scripts';

/** Points the functions' DynamoDB settings at the deployed table, the running local stack, or the data on disk. */
export async function connectTable(): Promise<{ description: string; close(): Promise<void> }> {
  if (process.env.TABLE_NAME) {
    return { description: `table ${process.env.TABLE_NAME}`, close: async () => undefined };
  }
  const dataDir = resolve(process.env.DATA_DIR ?? '.data');
  const running = runningStackEndpoint(dataDir);
  if (running) {
    Object.assign(process.env, localFunctionEnv({ dynamoEndpoint: running, tokenSecret: UNUSED_SECRET }));
    return { description: `the running local stack (${dataDir})`, close: async () => undefined };
  }
  const dynamo = await startLocalDynamo({ path: join(dataDir, 'dynamodb'), tableName: LOCAL_TABLE_NAME });
  Object.assign(
    process.env,
    localFunctionEnv({
      dynamoEndpoint: dynamo.endpoint,
      tokenSecret: UNUSED_SECRET,
    }),
  );
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
