import { gzipSync } from 'node:zlib';
import type { RouteContract } from '@cmp/shared';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

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
/** Lambda refuses to return more than 6 MB; a little is left for the headers. */
export const MAX_UNCOMPRESSED_BYTES = 6 * 1024 * 1024 - 16 * 1024;

/** The content type of each kind of answer the contract knows (`produces`, JSON when absent). */
const CONTENT_TYPES = {
  json: 'application/json; charset=utf-8',
  'text/csv': 'text/csv; charset=utf-8',
} as const;

/**
 * Serialises a result, gzipped (base64, as API Gateway expects) when the client accepts it: as JSON,
 * or, for a route that `produces` CSV, its text as it is.
 */
export function toHttpResponse(
  result: ApiResult,
  acceptEncoding = '',
  produces?: RouteContract['produces'],
): APIGatewayProxyStructuredResultV2 {
  // The contract types a `produces` route's body as a string (http-handler.ts).
  const text = produces ? String(result.body) : JSON.stringify(result.body);
  const noStore = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };
  const headers: Record<string, string> = {
    'content-type': CONTENT_TYPES[produces ?? 'json'],
    ...noStore,
    ...result.headers,
  };
  const statusCode = result.status ?? 200;
  if (Buffer.byteLength(text) >= COMPRESS_FROM_BYTES && acceptsGzip(acceptEncoding)) {
    return {
      statusCode,
      headers: { ...headers, 'content-encoding': 'gzip', vary: 'accept-encoding' },
      body: gzipSync(text).toString('base64'),
      isBase64Encoded: true,
    };
  }
  // Past Lambda's limit the whole-catalogue lists go out gzipped only (every browser asks for gzip).
  if (Buffer.byteLength(text) > MAX_UNCOMPRESSED_BYTES) {
    const error = 'This answer is too large to send uncompressed: ask for it with Accept-Encoding: gzip';
    return {
      statusCode: 406,
      headers: { ...noStore, 'content-type': CONTENT_TYPES.json },
      body: JSON.stringify({ success: false, error }),
    };
  }
  return { statusCode, headers, body: text };
}

export const acceptsGzip = (acceptEncoding = '') => /\bgzip\b/i.test(acceptEncoding);
