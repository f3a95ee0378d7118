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
 * Content larger than an item may hold (an uploaded file, a run's snapshot of the URLs), gzipped
 * and cut into items `<pk>` / `<prefix><n>`, each saying how many there are, so a reader can tell
 * a whole set from a part. `expires_at`: the table's TTL, epoch seconds. Returns the item count.
 */
export async function putPacked(
  pk: string,
  prefix: string,
  content: Buffer,
  expiresAt: number,
): Promise<number> {
  return putGzipped(pk, prefix, [gzipSync(content, ZLIB)], expiresAt);
}

/** Gzips one piece of content that `putGzipped` stores after others (a gzip member of its own). */
export const gzipPiece = (text: string): Buffer => gzipSync(Buffer.from(text), ZLIB);

/**
 * The same, from content gzipped piece by piece: one gzip member after another, which a reader
 * gunzips as one content (so content too large to hold whole is never held whole).
 */
export async function putGzipped(
  pk: string,
  prefix: string,
  members: readonly Buffer[],
  expiresAt: number,
): Promise<number> {
  const packed = Buffer.concat(members);
  const parts = Math.max(1, Math.ceil(packed.length / CHUNK_BYTES));
  await batchPut(
    Array.from({ length: parts }, (_, n) => ({
      ...chunkKey(pk, prefix, n),
      data: packed.subarray(n * CHUNK_BYTES, (n + 1) * CHUNK_BYTES),
      parts,
      expires_at: expiresAt,
    })),
  );
  return parts;
}

/**
 * The content `putPacked` stored, read consistently (its pages too: a 1 MB page holds only two
 * or three chunks); undefined when it is missing, partly written or expired.
 */
export async function readPacked(pk: string, prefix: string): Promise<Buffer | undefined> {
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
  return gunzipSync(Buffer.concat(items.map((item) => Buffer.from(item.data))), ZLIB);
}
