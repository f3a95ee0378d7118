import { gzipSync } from 'node:zlib';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

/** What a route handler returns: a JSON body, and a status when it is not 200. */
export interface ApiResult {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** Bodies smaller than this are not worth compressing. */
const COMPRESS_FROM_BYTES = 1024;

/** Serialises a result as JSON, gzipped (base64, as API Gateway expects) when the client accepts it. */
export function toHttpResponse(result: ApiResult, acceptEncoding = ''): APIGatewayProxyStructuredResultV2 {
  const json = JSON.stringify(result.body);
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...result.headers,
  };
  const statusCode = result.status ?? 200;
  if (Buffer.byteLength(json) >= COMPRESS_FROM_BYTES && /\bgzip\b/i.test(acceptEncoding)) {
    return {
      statusCode,
      headers: { ...headers, 'content-encoding': 'gzip', vary: 'accept-encoding' },
      body: gzipSync(json).toString('base64'),
      isBase64Encoded: true,
    };
  }
  return { statusCode, headers, body: json };
}
