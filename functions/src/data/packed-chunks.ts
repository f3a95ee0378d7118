import { gunzipSync, gzipSync } from 'node:zlib';
import { batchPut } from './batch-write';
import { tableName } from './dynamo';
import { queryAll } from './query-all';

/** Under DynamoDB's 400 KB item limit, with room for the keys. */
const CHUNK_BYTES = 350_000;
/** zlib's output in 1 MB pieces: several times faster than its 16 KB default on megabytes. */
const ZLIB = { chunkSize: 1 << 20 };

const chunkKey = (pk: string, prefix: string, n: number) => ({
  PK: pk,
  SK: `${prefix}${String(n).padStart(3, '0')}`,
});

/**
 * Content larger than an item may hold (an uploaded file), gzipped and cut into items (putChunks).
 * `expires_at`: the table's TTL, epoch seconds. Returns the item count.
 */
export async function putPacked(
  pk: string,
  prefix: string,
  content: Buffer,
  expiresAt: number,
): Promise<number> {
  return putChunks(pk, prefix, gzipSync(content, ZLIB), expiresAt);
}

/**
 * Bytes cut into items `<pk>` / `<prefix><n>`, each saying how many there are, so a reader can tell
 * a whole set from a part. Returns the item count.
 */
export async function putChunks(
  pk: string,
  prefix: string,
  bytes: Buffer,
  expiresAt: number,
): Promise<number> {
  const parts = Math.max(1, Math.ceil(bytes.length / CHUNK_BYTES));
  await batchPut(
    Array.from({ length: parts }, (_, n) => ({
      ...chunkKey(pk, prefix, n),
      data: bytes.subarray(n * CHUNK_BYTES, (n + 1) * CHUNK_BYTES),
      parts,
      expires_at: expiresAt,
    })),
  );
  return parts;
}

/**
 * The bytes `putChunks` stored, read consistently (its pages too: a 1 MB page holds only two or
 * three chunks); undefined when they are missing, partly written or expired.
 */
export async function readChunks(pk: string, prefix: string): Promise<Buffer | undefined> {
  const items = await queryAll<{ data: Uint8Array; parts?: number; expires_at: number }>({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
    ConsistentRead: true,
  });
  const first = items[0];
  if (!first || first.expires_at * 1000 < Date.now()) return undefined;
  // Chunks stored before they carried their count are a whole set when read consistently.
  if (items.some((item) => (item.parts ?? items.length) !== items.length)) return undefined;
  return Buffer.concat(items.map((item) => Buffer.from(item.data)));
}

/** The content `putPacked` stored; undefined when it is missing, partly written or expired. */
export async function readPacked(pk: string, prefix: string): Promise<Buffer | undefined> {
  const packed = await readChunks(pk, prefix);
  return packed && gunzipSync(packed, ZLIB);
}
