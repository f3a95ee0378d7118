import { AsyncLocalStorage } from 'node:async_hooks';
import { perSettings } from '../config';
import {
  type CatalogueKind,
  type CatalogueVersion,
  type ComparisonInputs,
  RUN_REFRESH_MS,
  readComparisonInputs,
  SETTLE_MS,
} from '../data/catalogue-version.repository';
import { type CategoryRecord, listCategories } from '../data/category.repository';
import {
  type CompetitorUrlRecord,
  getCompetitorUrl,
  listCompetitorUrls,
} from '../data/competitor-url.repository';
import { getProduct, listProducts, type ProductRecord } from '../data/product.repository';
import { urlsCheckedSince } from '../data/run-checks.repository';
import { getUrlRunStates, type UrlRunState } from '../data/url-price-state.repository';
import {
  type PackedSnapshot,
  readUrlSnapshot,
  withRunState,
  withSnapshotState,
} from '../data/url-snapshot.repository';

/**
 * The records the whole-catalogue lists are built from, kept per container and per kind (decision
 * 58): a product edit re-reads one product, not 30,000 URLs. Each kind's records are kept at the
 * kind's version (catalogue-version.repository.ts):
 * - the same version: kept records, no read;
 * - one change on, naming the item it changed: that item alone, read consistently (deleted: dropped);
 * - one change on, a completed run's end naming its snapshot (the URLs): the kept records with the
 *   snapshot's in place of the run's URLs (decision 61);
 * - else the whole kind, listed. A list read within SETTLE_MS of the kind's change is used for the
 *   call but not kept (indexes may lag on AWS); what is read consistently is kept at once.
 * While a scrape run is active it writes the URLs' observations without moving the version: after
 * RUN_REFRESH_MS the URLs kept catch up with the run, reading only those it checked since they last
 * did (run-checks.repository.ts, decision 71). Kept URLs that followed the run catch up the same way
 * at its end, instead of reading its snapshot of every URL.
 */
interface RecordsOf {
  products: ProductRecord;
  categories: CategoryRecord;
  urls: CompetitorUrlRecord;
}

/**
 * How scrape runs change records without moving their version. `applied`: the records as a
 * completed run's snapshot leaves them, undefined when it cannot (the snapshot is gone).
 * `caughtUp`: the records with what the run checked since `since` (epoch ms; null: since its
 * start), undefined when that is too much to read item by item (listing is cheaper).
 */
interface RunChanges<T> {
  applied: (records: Records<T>, runId: string) => Promise<Records<T> | undefined>;
  caughtUp: (records: Records<T>, runId: string, since: number | null) => Promise<Records<T> | undefined>;
}

interface Source<T> {
  list: () => Promise<T[]>;
  /** One item, read consistently; none for a kind small enough to list (categories). */
  get?: (id: number) => Promise<T | undefined>;
  run?: RunChanges<T>;
}

/**
 * A kind's records in id order (so one is found by a binary search, and a copy is one array copied,
 * where a Map of 300,000 took a tenth of a second to build). Never changed once made: a build still
 * running may be reading them, so a change makes a copy.
 */
type Records<T> = readonly T[];

/** Where the record with `id` is, or where it would go: its place in id order. */
function placeOf(records: Records<{ id: number }>, id: number): number {
  let low = 0;
  let high = records.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((records[middle] as { id: number }).id < id) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** A copy with `changes` in place: an item put, or removed where there is none. */
function withChanges<T extends { id: number }>(
  records: Records<T>,
  changes: Iterable<[number, T | undefined]>,
): Records<T> {
  const changed = records.slice();
  for (const [id, item] of changes) {
    const at = placeOf(changed, id);
    const found = changed[at]?.id === id;
    if (item) changed.splice(at, found ? 1 : 0, item);
    else if (found) changed.splice(at, 1);
  }
  return changed;
}

/** The URLs with `states` in place; undefined when one names a URL not kept. */
function withStates(
  records: Records<CompetitorUrlRecord>,
  states: readonly UrlRunState[],
): Records<CompetitorUrlRecord> | undefined {
  const changed = records.slice();
  for (const state of states) {
    const at = placeOf(changed, state.id);
    const record = changed[at];
    if (record?.id !== state.id) return undefined;
    changed[at] = withRunState(record, state);
  }
  return changed;
}

/**
 * The URLs with a snapshot's states in place, in one pass beside the records (the snapshot is in id
 * order, as Finalize writes it), each URL reading its state when asked (decision 72). Undefined
 * when the snapshot names a URL the records do not hold, or is in another order.
 */
function withSnapshot(
  records: Records<CompetitorUrlRecord>,
  snapshot: PackedSnapshot,
): Records<CompetitorUrlRecord> | undefined {
  const merged = new Array<CompetitorUrlRecord>(records.length);
  let next = 0;
  for (let i = 0; i < records.length; i++) {
    const record = records[i] as CompetitorUrlRecord;
    if (snapshot.idAt(next) === record.id) merged[i] = withSnapshotState(record, snapshot, next++);
    else merged[i] = record;
  }
  return next === snapshot.size ? merged : undefined;
}

/** The URLs with the run's snapshot in place; undefined when it is gone or names a URL not kept. */
async function withUrlSnapshot(
  records: Records<CompetitorUrlRecord>,
  runId: string,
): Promise<Records<CompetitorUrlRecord> | undefined> {
  const snapshot = await readUrlSnapshot(runId);
  return snapshot && withSnapshot(records, snapshot);
}

/**
 * Checks recorded this long before a catch-up may not have been seen by it: their check time is
 * taken before their writes (and on another machine's clock), so the next catch-up reads them again.
 */
const CATCH_UP_OVERLAP_MS = 30_000;
/** Past this share of the URLs, reading each one checked costs more than listing them all. */
const CATCH_UP_MAX_SHARE = 0.25;

/** The URLs with the run's checks since `since` in place; undefined when listing them is cheaper. */
async function withRunChecks(
  records: Records<CompetitorUrlRecord>,
  runId: string,
  since: number | null,
): Promise<Records<CompetitorUrlRecord> | undefined> {
  const from = since === null ? null : new Date(since - CATCH_UP_OVERLAP_MS).toISOString();
  const ids = await urlsCheckedSince(runId, from);
  if (ids.length > Math.max(100, records.length * CATCH_UP_MAX_SHARE)) return undefined;
  return withStates(records, await getUrlRunStates(ids));
}

const sources: { [K in CatalogueKind]: Source<RecordsOf[K]> } = {
  products: { list: listProducts, get: getProduct },
  categories: { list: listCategories },
  urls: {
    list: listCompetitorUrls,
    get: getCompetitorUrl,
    run: { applied: withUrlSnapshot, caughtUp: withRunChecks },
  },
};

/** Read while run `id` went, at `at` (epoch ms): the records hold its checks up to then. */
type RunRead = { id: string; at: number } | undefined;

interface Entry<T> {
  value: number;
  /** Set once the records are read, when they are to be kept (only kept entries are built on). */
  kept: boolean;
  /** What the records hold of the run going when they were read; undefined when read at rest. */
  run: RunRead;
  records: Promise<Records<T>>;
}

/** This container's records per kind, for the table its settings name. */
const keptEntries = perSettings((): { [K in CatalogueKind]?: Entry<RecordsOf[K]> } => ({}));

/** A listing's records in id order (a list query gives them so; sorted should one not). */
function inIdOrder<T extends { id: number }>(records: T[]): Records<T> {
  const sorted = records.every((record, i) => i === 0 || (records[i - 1] as T).id < record.id);
  return sorted ? records : records.sort((a, b) => a.id - b.id);
}

/**
 * Whether the entry's records are those at `value`, now; while run `goingRun` goes, only for
 * RUN_REFRESH_MS after they were read.
 */
function isCurrent(entry: Entry<unknown>, value: number, now: number, goingRun: string | null): boolean {
  if (entry.value !== value) return false;
  if (goingRun === null) return entry.run === undefined;
  return entry.run?.id === goingRun && now - entry.run.at < RUN_REFRESH_MS;
}

/** What replaces an entry: its records, whether they may be kept once read, what they hold of a run. */
interface Reading<T> {
  records: Promise<Records<T>>;
  keep: Promise<boolean>;
  run: RunRead;
}

function listing<T extends { id: number }>(source: Source<T>, settled: boolean, run: RunRead): Reading<T> {
  const records = source.list().then(inIdOrder);
  return { records, keep: records.then(() => settled), run };
}

function oneItemOn<T extends { id: number }>(
  base: Entry<T>,
  id: number,
  get: (id: number) => Promise<T | undefined>,
): Reading<T> {
  const records = Promise.all([base.records, get(id)]).then(([kept, item]) =>
    withChanges(kept, [[id, item]]),
  );
  // Read during a run, the records still need reading again when the base would.
  return { records, keep: records.then(() => true), run: base.run };
}

/** Records read on top of kept ones; undefined when they cannot be. */
type Derived<T> = (kept: Records<T>) => Promise<Records<T> | undefined>;

/**
 * Records derived from the base's by the first of `ways` that can, else the whole kind listed.
 * `run`: what the result holds of the run going.
 */
function derivedFrom<T extends { id: number }>(
  base: Promise<Records<T>>,
  ways: readonly Derived<T>[],
  source: Source<T>,
  settled: boolean,
  run: RunRead,
): Reading<T> {
  const read = base.then(async (kept) => {
    for (const way of ways) {
      const records = await way(kept);
      if (records) return { records, keep: true };
    }
    return { records: inIdOrder(await source.list()), keep: settled };
  });
  return { records: read.then((r) => r.records), keep: read.then((r) => r.keep), run };
}

/** The run's checks since `base` read them (since its start when read before it). */
const checksSince =
  <T>(base: Entry<T>, runId: string, run: RunChanges<T>): Derived<T> =>
  (kept) =>
    run.caughtUp(kept, runId, base.run?.id === runId ? base.run.at : null);

function entryFor<K extends CatalogueKind>(
  kind: K,
  version: CatalogueVersion,
  now: number,
): Entry<RecordsOf[K]> {
  type T = RecordsOf[K];
  const source = sources[kind] as Source<T>;
  const entries = keptEntries();
  const { value, changedAt, changedId, snapshot } = version.kinds[kind];
  // The run whose checks change these records without moving their version, while it goes.
  const goingRun = source.run && version.runActive ? version.runId : null;
  const entry = entries[kind] as Entry<T> | undefined;
  if (entry && isCurrent(entry, value, now, goingRun)) return entry;
  // A call that read the version just before another one moved it on: newer records are never stale.
  if (entry && entry.value > value) return entry;
  const settled = now - changedAt >= SETTLE_MS;
  const base = entry?.kept && entry.value === value - 1 ? entry : undefined;
  const { run } = source;
  const readNow: RunRead = goingRun === null ? undefined : { id: goingRun, at: now };
  let reading: Reading<T>;
  if (base && changedId !== null && source.get && isCurrent(base, base.value, now, goingRun))
    reading = oneItemOn(base, changedId, source.get);
  // An edit while a run goes, on records that have to catch up with the run too.
  else if (base && changedId !== null && source.get && goingRun !== null && run) {
    const edited = oneItemOn(base, changedId, source.get).records;
    reading = derivedFrom(edited, [checksSince(base, goingRun, run)], source, settled, readNow);
  }
  // While the run goes, the kept records catch up with its checks.
  else if (entry?.kept && entry.value === value && goingRun !== null && run)
    reading = derivedFrom(entry.records, [checksSince(entry, goingRun, run)], source, settled, readNow);
  // A completed run's end: records that followed it need only its last checks, else its snapshot
  // replaces every observation it made (a base read before or during the run will do).
  else if (base && snapshot !== null && run) {
    const fromSnapshot: Derived<T> = (kept) => run.applied(kept, snapshot);
    const ways =
      base.run?.id === snapshot ? [checksSince(base, snapshot, run), fromSnapshot] : [fromSnapshot];
    reading = derivedFrom(base.records, ways, source, settled, undefined);
  } else reading = listing(source, settled, readNow);
  const created: Entry<T> = {
    value,
    kept: false,
    run: reading.run,
    records: reading.records,
  };
  (entries as Record<K, Entry<T>>)[kind] = created;
  // Calls arriving while it is read share it; once read, records not to be kept are forgotten.
  const forget = () => {
    if (entries[kind] === created) delete entries[kind];
  };
  reading.keep.then((keep) => {
    if (keep) created.kept = true;
    else forget();
  }, forget);
  return created;
}

/** What a list is built from: each kind's records, in id order, and how the comparison treats offers. */
export interface CatalogueRecords {
  products(): Promise<readonly ProductRecord[]>;
  categories(): Promise<readonly CategoryRecord[]>;
  urls(): Promise<readonly CompetitorUrlRecord[]>;
  comparison(): Promise<ComparisonInputs>;
}

const listed: CatalogueRecords = {
  products: listProducts,
  categories: listCategories,
  urls: listCompetitorUrls,
  comparison: readComparisonInputs,
};

/** The records at `version`, from what this container keeps where it can. */
export function keptRecords(version: CatalogueVersion, now: () => number = Date.now): CatalogueRecords {
  const of =
    <K extends CatalogueKind>(kind: K) =>
    async () =>
      entryFor(kind, version, now()).records as Promise<Records<RecordsOf[K]>>;
  return {
    products: of('products'),
    categories: of('categories'),
    urls: of('urls'),
    // Read with the version itself: no request of its own.
    comparison: async () => version.comparison,
  };
}

const scope = new AsyncLocalStorage<CatalogueRecords>();

/** Runs `build` with the lists reading `records` (the answer cache's builds), not the table. */
export const buildingFrom = <T>(records: CatalogueRecords, build: () => Promise<T>) =>
  scope.run(records, build);

/** The records a list is built from: the kept ones inside a cached build, else straight from the table. */
export const catalogueRecords = (): CatalogueRecords => scope.getStore() ?? listed;
