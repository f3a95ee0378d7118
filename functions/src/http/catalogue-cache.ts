import { AsyncLocalStorage } from 'node:async_hooks';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { buildingFrom, keptRecords } from '../catalogue/catalogue-records';
import { perSettings } from '../config';
import {
  type CatalogueVersion,
  RUN_REFRESH_MS,
  readCatalogueVersion,
  SETTLE_MS,
} from '../data/catalogue-version.repository';
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
 *
 * A call with a query (a page, a filter, a sort) is answered each time, cut from the list's rows,
 * which keptValue keeps the same way; the answer without one is kept whole.
 */
export { RUN_REFRESH_MS, SETTLE_MS };

interface Entry {
  version: number;
  /** When the build started, with a run going; undefined when the catalogue was at rest. */
  builtDuringRunAt: number | undefined;
  result: Promise<unknown>;
  responses: Map<boolean, Promise<APIGatewayProxyStructuredResultV2>>;
}

function isCurrent(entry: Entry | undefined, version: number, now: number): entry is Entry {
  if (entry?.version !== version) return false;
  return entry.builtDuringRunAt === undefined || now - entry.builtDuringRunAt < RUN_REFRESH_MS;
}

/** The version a build is made at, for the values it asks for in turn. */
const building = new AsyncLocalStorage<CatalogueVersion>();

/** This container's answers and values, for the table its settings name. */
const keptAnswers = perSettings(() => new Map<string, Entry>());

/** The entry under `key` at the catalogue's version now: the one kept, or a new build. */
async function currentEntry(key: string, build: () => Promise<unknown>, now: () => number): Promise<Entry> {
  const version = await versionNow();
  const at = now();
  const entries = keptAnswers();
  const entry = entries.get(key);
  if (isCurrent(entry, version.value, at)) return entry;
  // Callers arriving while it is built share the one build instead of each building their own.
  const created: Entry = {
    version: version.value,
    builtDuringRunAt: version.runActive ? at : undefined,
    result: fromKeptRecords(version, build, now),
    responses: new Map(),
  };
  const keep = at - version.changedAt >= SETTLE_MS;
  entries.set(key, created);
  const forget = () => {
    if (entries.get(key) === created) entries.delete(key);
  };
  created.result.then(keep ? undefined : forget, forget);
  return created;
}

/**
 * A value built from the catalogue (a list's rows), kept as an answer is: the lists' pages are cut
 * from it on every call, each query its own page, without building 100,000 rows again.
 */
export async function keptValue<T>(
  key: string,
  build: () => Promise<T>,
  now: () => number = Date.now,
): Promise<T> {
  return (await currentEntry(key, build, now)).result as Promise<T>;
}

/**
 * Runs `read` with the catalogue's lists reading the records this container keeps at the version
 * now (only what changed is read again), without keeping what it makes: the CSV exports, whose
 * files are too large to keep, read 100,000 products and 300,000 URLs this way in place of the table.
 */
export async function withKeptRecords<T>(read: () => Promise<T>, now: () => number = Date.now): Promise<T> {
  return fromKeptRecords(await versionNow(), read, now);
}

/** Inside another build (the whole list's answer, cut from its kept rows), the version it read. */
const versionNow = async () => building.getStore() ?? (await readCatalogueVersion());

/** Runs `build` at `version`, the lists reading the records kept at it. */
const fromKeptRecords = <T>(version: CatalogueVersion, build: () => Promise<T>, now: () => number) =>
  building.run(version, () => buildingFrom(keptRecords(version, now), build));

export async function cachedResponse(
  key: string,
  acceptEncoding: string | undefined,
  build: () => Promise<ApiResult>,
  now: () => number = Date.now,
): Promise<APIGatewayProxyStructuredResultV2> {
  const entry = await currentEntry(key, build, now);
  const result = (await entry.result) as ApiResult;
  const gzip = acceptsGzip(acceptEncoding);
  let serialised = entry.responses.get(gzip);
  if (!serialised) {
    serialised = toHttpResponseInParts(result, acceptEncoding);
    entry.responses.set(gzip, serialised);
    const failed = serialised;
    failed.catch(() => entry.responses.get(gzip) === failed && entry.responses.delete(gzip));
  }
  const response = await serialised;
  // A copy: middlewares may add headers to what they are handed.
  return { ...response, headers: { ...response.headers } };
}
