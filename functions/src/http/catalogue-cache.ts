import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { readCatalogueVersion } from '../data/catalogue-version.repository';
import { type ApiResult, acceptsGzip, toHttpResponse } from './response';

/**
 * The whole-catalogue lists (10,000 products are 40,000 items and 15 MB of JSON, about 2 s to
 * build) change once a day with the scrape run, but are read all day. A route marked
 * `cache: 'catalogue'` keeps its last answer, per encoding, until the catalogue version moves on
 * (one consistent read per call). The answers are the same for every signed-in user.
 *
 * An answer built within SETTLE_MS of a change is not kept once built: the lists read secondary
 * indexes, which on AWS may not show a write for a moment, and a stale answer must not outlive it.
 * Nor is one built while a scrape run changes the prices: the lists are then built for every call.
 */
export const SETTLE_MS = 5_000;

interface Entry {
  version: number;
  result: Promise<ApiResult>;
  responses: Map<boolean, APIGatewayProxyStructuredResultV2>;
}

const entries = new Map<string, Entry>();

export async function cachedResponse(
  key: string,
  acceptEncoding: string | undefined,
  build: () => Promise<ApiResult>,
  now: () => number = Date.now,
): Promise<APIGatewayProxyStructuredResultV2> {
  const version = await readCatalogueVersion();
  let entry = entries.get(key);
  if (entry?.version !== version.value) {
    // Callers arriving while it is built share the one build instead of each building their own.
    const created: Entry = { version: version.value, result: build(), responses: new Map() };
    const keep = !version.runActive && now() - version.changedAt >= SETTLE_MS;
    entries.set(key, created);
    const forget = () => {
      if (entries.get(key) === created) entries.delete(key);
    };
    created.result.then(keep ? undefined : forget, forget);
    entry = created;
  }
  const result = await entry.result;
  const gzip = acceptsGzip(acceptEncoding);
  let response = entry.responses.get(gzip);
  if (!response) {
    response = toHttpResponse(result, acceptEncoding);
    entry.responses.set(gzip, response);
  }
  // A copy: middlewares may add headers to what they are handed.
  return { ...response, headers: { ...response.headers } };
}
