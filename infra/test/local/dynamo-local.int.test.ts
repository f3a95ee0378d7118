import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { type LocalDynamo, startLocalDynamo } from '../../local/dynamo-local';
import { LOCAL_TABLE_NAME } from '../../local/local-env';

/** DynamoDB's stand-in served from a worker thread (the API bench's), as it is from this thread. */
const dataDir = mkdtempSync(join(tmpdir(), 'cmp-dynamo-worker-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const key = { PK: 'TEST#1', SK: 'ITEM' };

async function withClient<T>(dynamo: LocalDynamo, work: (client: DynamoDBDocumentClient) => Promise<T>) {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: dynamo.endpoint,
      region: 'local',
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
      maxAttempts: 1,
    }),
  );
  try {
    return await work(client);
  } finally {
    client.destroy();
  }
}

describe('the DynamoDB stand-in on a worker thread', () => {
  it('answers with the application table, counts each request by the time it is answered, and persists', async () => {
    const path = join(dataDir, 'dynamodb');
    const first = await startLocalDynamo({ path, tableName: LOCAL_TABLE_NAME, thread: 'worker' });
    try {
      const before = first.totalRequests();
      await withClient(first, async (client) => {
        await client.send(new PutCommand({ TableName: LOCAL_TABLE_NAME, Item: { ...key, name: 'kept' } }));
        expect(first.totalRequests() - before).toBe(1);
        await client.send(new GetCommand({ TableName: LOCAL_TABLE_NAME, Key: key }));
        expect(first.totalRequests() - before).toBe(2);
      });
    } finally {
      await first.close();
    }

    const again = await startLocalDynamo({ path, tableName: LOCAL_TABLE_NAME, thread: 'worker' });
    try {
      const read = await withClient(again, (client) =>
        client.send(new GetCommand({ TableName: LOCAL_TABLE_NAME, Key: key })),
      );
      expect(read.Item).toEqual({ ...key, name: 'kept' });
    } finally {
      await again.close();
    }
  });

  it('stops answering once closed', async () => {
    const dynamo = await startLocalDynamo({ tableName: LOCAL_TABLE_NAME, thread: 'worker' });
    await dynamo.close();

    await expect(
      withClient(dynamo, (client) => client.send(new GetCommand({ TableName: LOCAL_TABLE_NAME, Key: key }))),
    ).rejects.toThrow(/ECONNREFUSED/);
  });
});
