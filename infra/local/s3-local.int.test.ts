import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localS3Client, readMapItems } from './local-map-items';
import { type LocalS3, startLocalS3 } from './s3-local';

const BUCKET = 'data';
let s3: LocalS3;
let client: S3Client;

beforeAll(async () => {
  s3 = await startLocalS3({ bucket: BUCKET });
  client = localS3Client(s3.endpoint, 'eu-west-2');
});
afterAll(async () => {
  client.destroy();
  await s3.close();
});

const put = (Key: string, Body: string | Readable, ContentLength?: number) =>
  client.send(
    new PutObjectCommand({
      Bucket: BUCKET,
      Key,
      Body,
      ContentType: 'application/jsonl',
      ...(ContentLength === undefined ? {} : { ContentLength }),
    }),
  );
const text = async (Key: string, Bucket = BUCKET) =>
  (await client.send(new GetObjectCommand({ Bucket, Key }))).Body?.transformToString('utf8');
const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: Error) => error.name,
  );

describe('the S3 stand-in, through the SDK the functions use', () => {
  it('stores, reads, describes and deletes an object', async () => {
    await put('runs/r1/urls.jsonl', '{"urlId":1}\n{"urlId":2}\n');

    expect(await text('runs/r1/urls.jsonl')).toBe('{"urlId":1}\n{"urlId":2}\n');
    const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'runs/r1/urls.jsonl' }));
    expect([head.ContentLength, head.ContentType]).toEqual([24, 'application/jsonl']);

    await client.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: 'runs/r1/urls.jsonl' }));
    expect(await errorOf(text('runs/r1/urls.jsonl'))).toBe('NoSuchKey');
  });

  it('takes a streamed body as the SDK frames it', async () => {
    const body = 'x'.repeat(100_000);
    await put('streamed', Readable.from([body.slice(0, 40_000), body.slice(40_000)]), body.length);

    expect(await text('streamed')).toBe(body);
  });

  it('answers NoSuchBucket for another bucket, and refuses a key that would climb out of its store', async () => {
    expect(await errorOf(text('anything', 'other-bucket'))).toBe('NoSuchBucket');
    // An encoded slash: the dots are only a path segment once decoded.
    const { port } = new URL(s3.endpoint);
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const sent = request(
        { host: '127.0.0.1', port, method: 'PUT', path: `/${BUCKET}/a/%2E%2E%2Fb` },
        (res) => {
          res.resume();
          resolve(res.statusCode);
        },
      );
      sent.on('error', reject);
      sent.end('x');
    });
    expect(status).toBe(400);
  });

  it('keeps its objects across a restart when given a directory', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cmp-s3-'));
    try {
      const first = await startLocalS3({ bucket: BUCKET, dir });
      const writer = localS3Client(first.endpoint, 'eu-west-2');
      await writer.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'runs/kept', Body: 'kept' }));
      writer.destroy();
      await first.close();

      const second = await startLocalS3({ bucket: BUCKET, dir });
      const reader = localS3Client(second.endpoint, 'eu-west-2');
      const body = await reader.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'runs/kept' }));
      expect(await body.Body?.transformToString('utf8')).toBe('kept');
      reader.destroy();
      await second.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the local ItemReader and ItemBatcher', () => {
  it('hands the Map consecutive lines in batches of MaxItemsPerBatch, each with the BatchInput', async () => {
    const lines = Array.from({ length: 25 }, (_, i) => `{"urlId":${i + 1}}\n`).join('');
    await put('runs/r2/urls.jsonl', lines);

    const batches = await readMapItems(client, {
      resource: 'arn:aws:states:::s3:getObject',
      readerConfig: { InputType: 'JSONL' },
      object: { Bucket: BUCKET, Key: 'runs/r2/urls.jsonl' },
      batcher: { MaxItemsPerBatch: 10, BatchInput: { runId: 'r2' } },
    });

    const ids = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => ({ urlId: from + i }));
    expect(batches).toEqual([
      { BatchInput: { runId: 'r2' }, Items: ids(1, 10) },
      { BatchInput: { runId: 'r2' }, Items: ids(11, 20) },
      { BatchInput: { runId: 'r2' }, Items: ids(21, 25) },
    ]);
  });

  it('says what it cannot read instead of reading it wrongly', async () => {
    const read = (resource: string, InputType: string) =>
      readMapItems(client, {
        resource,
        readerConfig: { InputType },
        object: { Bucket: BUCKET, Key: 'runs/r2/urls.jsonl' },
      });

    await expect(read('arn:aws:states:::s3:listObjectsV2', 'JSONL')).rejects.toThrow(
      'ItemReader arn:aws:states:::s3:listObjectsV2 is not run locally (only s3:getObject)',
    );
    await expect(read('arn:aws:states:::s3:getObject', 'CSV')).rejects.toThrow(
      'ItemReader InputType CSV is not run locally (only JSONL)',
    );
  });
});
