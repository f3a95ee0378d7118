import { createGzip, gzipSync } from 'node:zlib';
import type { RouteContract } from '@cmp/shared';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { elementRuns, runJson } from '../lib/kept-json';

/**
 * What a route handler returns: a JSON body, and its status, which may be left out when it is 200
 * (the contract's success status of the route, see http-handler.ts).
 */
export type ApiResult<Body = unknown, Status extends number = number> = {
  body: Body;
  headers?: Record<string, string>;
} & (200 extends Status ? { status?: Status } : { status: Status });

/** Bodies smaller than this are not worth compressing. */
const COMPRESS_FROM_BYTES = 1024;
/**
 * zlib's level 3 (of its fast ones, the best ratio), with output in 1 MB pieces for large bodies:
 * the dashboard list's 20 MB of JSON gzip in about 60 ms instead of 250 (level 6, 16 KB pieces),
 * for a third more bytes (1.8 MB instead of 1.4 MB at 10,000 products). Measured in decision 61.
 */
const GZIP = { level: 3, chunkSize: 1 << 20 };
const SMALL_GZIP = { level: 3 };
/** Lambda refuses to return more than 6 MB; a little is left for the headers. */
export const MAX_UNCOMPRESSED_BYTES = 6 * 1024 * 1024 - 16 * 1024;

/** The content type of each kind of answer the contract knows (`produces`, JSON when absent). */
const CONTENT_TYPES = {
  json: 'application/json; charset=utf-8',
  'text/csv': 'text/csv; charset=utf-8',
} as const;

const NO_STORE = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };

/**
 * Serialises a result, gzipped (base64, as API Gateway expects) when the client accepts it: as JSON,
 * or, for a route that `produces` CSV, its text as it is.
 */
export function toHttpResponse(
  result: ApiResult,
  acceptEncoding = '',
  produces?: RouteContract['produces'],
): APIGatewayProxyStructuredResultV2 {
  // A `produces` route answers its file as text, or JSON where it sends a link instead (a large export).
  const asFile = produces !== undefined && typeof result.body === 'string';
  const text = asFile ? String(result.body) : JSON.stringify(result.body);
  // Encoded once: sizing and compressing a 20 MB string each encode it again.
  const bytes = Buffer.from(text);
  const gzip = bytes.length >= COMPRESS_FROM_BYTES && acceptsGzip(acceptEncoding);
  const body = gzip ? gzipSync(bytes, bytes.length > GZIP.chunkSize ? GZIP : SMALL_GZIP) : text;
  return answer(result, asFile ? produces : undefined, bytes.length, body);
}

/** Pieces of a large JSON body: its big arrays are serialised at most this many elements at a time. */
const ELEMENTS_PER_PART = 500;

/**
 * toHttpResponse for large JSON results (the kept lists): the body is serialised in parts, and each
 * part is gzipped on libuv's threadpool while the next is serialised, so compressing costs the call
 * almost nothing on a second core. The same answer, byte for byte once gunzipped.
 */
export async function toHttpResponseInParts(
  result: ApiResult,
  acceptEncoding = '',
): Promise<APIGatewayProxyStructuredResultV2> {
  if (!acceptsGzip(acceptEncoding)) return toHttpResponse(result, acceptEncoding);
  const gzip = createGzip(GZIP);
  const compressed: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => compressed.push(chunk));
  const ended = new Promise((resolve, reject) => gzip.on('end', resolve).on('error', reject));
  let bytes = 0;
  for (const part of jsonParts(result.body)) {
    const encoded = typeof part === 'string' ? Buffer.from(part) : part;
    bytes += encoded.length;
    gzip.write(encoded);
    // Lets zlib hand the part it was given to the threadpool before the next is serialised.
    if (encoded.length >= COMPRESS_FROM_BYTES) await new Promise(setImmediate);
  }
  gzip.end();
  await ended;
  if (bytes < COMPRESS_FROM_BYTES) return toHttpResponse(result, acceptEncoding);
  return answer(result, undefined, bytes, Buffer.concat(compressed));
}

/**
 * `JSON.stringify(value)` in parts, as text or as UTF-8: an object's properties one by one, and
 * arrays of more than ELEMENTS_PER_PART elements (at the top level or as a property) in runs of
 * elements (kept elements' JSON is reused, lib/kept-json.ts).
 */
export function* jsonParts(value: unknown, depth = 0): Generator<string | Buffer> {
  if (Array.isArray(value) && value.length > ELEMENTS_PER_PART) {
    yield '[';
    let first = true;
    for (const run of elementRuns(value, ELEMENTS_PER_PART)) {
      if (!first) yield ',';
      yield runJson(run);
      first = false;
    }
    yield ']';
  } else if (depth === 0 && isPlainObject(value)) {
    let first = true;
    for (const [key, property] of Object.entries(value)) {
      // As JSON.stringify does: these properties are left out of an object.
      if (property === undefined || typeof property === 'function' || typeof property === 'symbol') continue;
      yield `${first ? '{' : ','}${JSON.stringify(key)}:`;
      yield* jsonParts(property, depth + 1);
      first = false;
    }
    yield first ? '{}' : '}';
  } else yield JSON.stringify(value) ?? 'null';
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  Object.getPrototypeOf(value) === Object.prototype &&
  typeof (value as { toJSON?: unknown }).toJSON !== 'function';

/** The answer for a body of `bytes` bytes: `body` gzipped (a Buffer) or as it is; 406 past Lambda's limit. */
function answer(
  result: ApiResult,
  produces: RouteContract['produces'] | undefined,
  bytes: number,
  body: string | Buffer,
): APIGatewayProxyStructuredResultV2 {
  const headers: Record<string, string> = {
    'content-type': CONTENT_TYPES[produces ?? 'json'],
    ...NO_STORE,
    ...result.headers,
  };
  const statusCode = result.status ?? 200;
  if (typeof body !== 'string') {
    return {
      statusCode,
      headers: { ...headers, 'content-encoding': 'gzip', vary: 'accept-encoding' },
      body: body.toString('base64'),
      isBase64Encoded: true,
    };
  }
  // Past Lambda's limit the whole-catalogue lists go out gzipped only (every browser asks for gzip).
  if (bytes > MAX_UNCOMPRESSED_BYTES) {
    const error = 'This answer is too large to send uncompressed: ask for it with Accept-Encoding: gzip';
    return {
      statusCode: 406,
      headers: { ...NO_STORE, 'content-type': CONTENT_TYPES.json },
      body: JSON.stringify({ success: false, error }),
    };
  }
  return { statusCode, headers, body };
}

export const acceptsGzip = (acceptEncoding = '') => /\bgzip\b/i.test(acceptEncoding);
