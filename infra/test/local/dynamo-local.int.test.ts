import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { type LocalDynamo, startLocalDynamo } from '../../local/dynamo-local';
import { LOCAL_TABLE_NAME } from '../../local/local-env';
import { notOwnerOnly, pathsUnder } from '../support/file-modes';

/**
 * DynamoDB's stand-in: served from a worker thread (the API bench's) as from this thread; answering
 * no browser page; its files on disk the owner's alone.
 */
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

describe('the DynamoDB stand-in and a browser', () => {
  it('answers no cross-origin request: no CORS header, 403, and the table still answers its own clients', async () => {
    const dynamo = await startLocalDynamo({ tableName: LOCAL_TABLE_NAME });
    try {
      const preflight = await fetch(dynamo.endpoint, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://evil.localhost',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,x-amz-target',
        },
      });
      const scan = await fetch(dynamo.endpoint, {
        method: 'POST',
        headers: {
          origin: 'http://evil.localhost',
          'content-type': 'application/x-amz-json-1.0',
          'x-amz-target': 'DynamoDB_20120810.Scan',
          authorization:
            'AWS4-HMAC-SHA256 Credential=x/20260101/local/dynamodb/aws4_request, SignedHeaders=host, Signature=x',
        },
        body: JSON.stringify({ TableName: LOCAL_TABLE_NAME }),
      });
      const own = await withClient(dynamo, (client) =>
        client.send(new GetCommand({ TableName: LOCAL_TABLE_NAME, Key: key })),
      );

      for (const answer of [preflight, scan]) {
        expect(answer.status).toBe(403);
        expect(answer.headers.get('access-control-allow-origin')).toBeNull();
      }
      expect(await scan.text()).not.toContain('Items');
      expect(own.Item).toBeUndefined();
    } finally {
      await dynamo.close();
    }
  });
});

describe('the DynamoDB stand-in on disk', () => {
  it('keeps its directory and files the owner’s alone, those LevelDB wrote and an older start’s too', async () => {
    const path = join(dataDir, 'older');
    mkdirSync(path, { mode: 0o755 });
    writeFileSync(join(path, 'LOG.old'), 'from an older start', { mode: 0o644 });
    const dynamo = await startLocalDynamo({ path, tableName: LOCAL_TABLE_NAME });
    let running: string[];
    try {
      await withClient(dynamo, (client) =>
        client.send(
          new PutCommand({ TableName: LOCAL_TABLE_NAME, Item: { ...key, secret: 'webhook-secret' } }),
        ),
      );
      running = notOwnerOnly(path);
    } finally {
      await dynamo.close();
    }

    expect(running).toEqual([]);
    expect(notOwnerOnly(path)).toEqual([]);
    // LevelDB's own files are among them (CURRENT, LOCK, LOG, MANIFEST-…, its log).
    expect(pathsUnder(path)).toBeGreaterThan(4);
  });
});
