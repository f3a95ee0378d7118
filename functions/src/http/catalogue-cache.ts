import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { buildingFrom, keptRecords } from '../catalogue/catalogue-records';
import { perSettings } from '../config';
import { RUN_REFRESH_MS, readCatalogueVersion, SETTLE_MS } from '../data/catalogue-version.repository';
import { type ApiResult, acceptsGzip, toHttpResponseInParts } from './response';

/**
 * The whole-catalogue lists (10,000 products are 40,000 items and 15 MB of JSON, about 2 s to
 * build) change once a day with the scrape run, but are read all day. A route marked
 * `cache: 'catalogue'` keeps its last answer, per encoding, until the catalogue version moves on
 * (one consistent read per call). The answers are the same for every signed-in user. A new answer
 * is built from the records this container keeps per kind, which re-reads only what changed
 * (catalogue/catalogue-records.ts, decision 58).
 *
 * An answer built within SETTLE_MS of a change is not kept once built: the lists read secondary
 * indexes, which on AWS may not show a write for a moment, and a stale answer must not outlive it.
 * While a scrape run changes the prices (without moving the version per URL), an answer is kept for
 * RUN_REFRESH_MS only, so the lists follow the run without a build on every call.
 */
export { RUN_REFRESH_MS, SETTLE_MS };

interface Entry {
  version: number;
  /** When the build started, with a run going; undefined when the catalogue was at rest. */
  builtDuringRunAt: number | undefined;
  result: Promise<ApiResult>;
  responses: Map<boolean, Promise<APIGatewayProxyStructuredResultV2>>;
}

function isCurrent(entry: Entry | undefined, version: number, now: number): entry is Entry {
  if (entry?.version !== version) return false;
  return entry.builtDuringRunAt === undefined || now - entry.builtDuringRunAt < RUN_REFRESH_MS;
}

/** This container's answers, for the table its settings name. */
const keptAnswers = perSettings(() => new Map<string, Entry>());

export async function cachedResponse(
  key: string,
  acceptEncoding: string | undefined,
  build: () => Promise<ApiResult>,
  now: () => number = Date.now,
): Promise<APIGatewayProxyStructuredResultV2> {
  const version = await readCatalogueVersion();
  const at = now();
  const entries = keptAnswers();
  let entry = entries.get(key);
  if (!isCurrent(entry, version.value, at)) {
    // Callers arriving while it is built share the one build instead of each building their own.
    const created: Entry = {
      version: version.value,
      builtDuringRunAt: version.runActive ? at : undefined,
      result: buildingFrom(keptRecords(version, now), build),
      responses: new Map(),
    };
    const keep = at - version.changedAt >= SETTLE_MS;
    entries.set(key, created);
    const forget = () => {
      if (entries.get(key) === created) entries.delete(key);
    };
    created.result.then(keep ? undefined : forget, forget);
    entry = created;
  }
  const result = await entry.result;
  const gzip = acceptsGzip(acceptEncoding);
  let serialised = entry.responses.get(gzip);
  if (!serialised) {
    serialised = toHttpResponseInParts(result, acceptEncoding);
    entry.responses.set(gzip, serialised);
    const failed = serialised;
    failed.catch(() => entry?.responses.get(gzip) === failed && entry.responses.delete(gzip));
  }
  const response = await serialised;
  // A copy: middlewares may add headers to what they are handed.
  return { ...response, headers: { ...response.headers } };
}
