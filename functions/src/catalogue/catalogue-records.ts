import { AsyncLocalStorage } from 'node:async_hooks';
import { perSettings } from '../config';
import {
  type CatalogueKind,
  type CatalogueVersion,
  RUN_REFRESH_MS,
  SETTLE_MS,
} from '../data/catalogue-version.repository';
import { type CategoryRecord, listCategories } from '../data/category.repository';
import {
  type CompetitorUrlRecord,
  getCompetitorUrl,
  listCompetitorUrls,
} from '../data/competitor-url.repository';
import { getProduct, listProducts, type ProductRecord } from '../data/product.repository';
import { readUrlSnapshot, withRunState } from '../data/url-snapshot.repository';

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
 * While a scrape run is active, the URLs kept are read again after RUN_REFRESH_MS, as the run writes
 * their observations without moving the version.
 */
interface RecordsOf {
  products: ProductRecord;
  categories: CategoryRecord;
  urls: CompetitorUrlRecord;
}

interface Source<T> {
  list: () => Promise<T[]>;
  /** One item, read consistently; none for a kind small enough to list (categories). */
  get?: (id: number) => Promise<T | undefined>;
  /**
   * Scrape runs change these records without moving their version; `applied`: the records as a
   * completed run's snapshot leaves them, undefined when it cannot (the snapshot is gone).
   */
  run?: { applied: (records: Map<number, T>, runId: string) => Promise<Map<number, T> | undefined> };
}

/** The URLs with the run's snapshot in place; undefined when it is gone or names a URL not kept. */
async function withUrlSnapshot(
  records: Map<number, CompetitorUrlRecord>,
  runId: string,
): Promise<Map<number, CompetitorUrlRecord> | undefined> {
  const states = await readUrlSnapshot(runId);
  if (!states) return undefined;
  // A copy (a build still running may be reading the records before), changed in place.
  const changed = new Map(records);
  for (const state of states) {
    const record = records.get(state.id);
    if (!record) return undefined;
    changed.set(state.id, withRunState(record, state));
  }
  return changed;
}

const sources: { [K in CatalogueKind]: Source<RecordsOf[K]> } = {
  products: { list: listProducts, get: getProduct },
  categories: { list: listCategories },
  urls: { list: listCompetitorUrls, get: getCompetitorUrl, run: { applied: withUrlSnapshot } },
};

interface Entry<T> {
  value: number;
  /** Set once the records are read, when they are to be kept (only kept entries are built on). */
  kept: boolean;
  /** When the records were listed, with a run going; undefined when listed at rest. */
  listedDuringRunAt: number | undefined;
  records: Promise<Map<number, T>>;
}

/** This container's records per kind, for the table its settings name. */
const keptEntries = perSettings((): { [K in CatalogueKind]?: Entry<RecordsOf[K]> } => ({}));

const byId = <T extends { id: number }>(records: T[]) => new Map(records.map((r) => [r.id, r]));

/** Whether the entry's records are those at `value`, now; while a run goes, only for RUN_REFRESH_MS. */
function isCurrent(entry: Entry<unknown>, value: number, now: number, changedByRun: boolean): boolean {
  if (entry.value !== value) return false;
  if (!changedByRun) return entry.listedDuringRunAt === undefined;
  return entry.listedDuringRunAt !== undefined && now - entry.listedDuringRunAt < RUN_REFRESH_MS;
}

/** A copy with `changes` in place (a build still running may be reading the records before). */
function withChanges<T extends { id: number }>(
  records: Map<number, T>,
  changes: Iterable<[number, T | undefined]>,
): Map<number, T> {
  const changed = new Map(records);
  for (const [id, item] of changes) {
    if (item) changed.set(id, item);
    else changed.delete(id);
  }
  return changed;
}

/** What replaces an entry: its records, and whether they may be kept once read. */
interface Reading<T> {
  records: Promise<Map<number, T>>;
  keep: Promise<boolean>;
  listedDuringRunAt?: number;
}

function listing<T extends { id: number }>(source: Source<T>, settled: boolean, runAt?: number): Reading<T> {
  const records = source.list().then(byId);
  return { records, keep: records.then(() => settled), listedDuringRunAt: runAt };
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
  return { records, keep: records.then(() => true), listedDuringRunAt: base.listedDuringRunAt };
}

/** The run's snapshot over the kept records; the whole kind listed when the snapshot is gone. */
function snapshotOn<T extends { id: number }>(
  base: Promise<Map<number, T>>,
  runId: string,
  source: Source<T> & Required<Pick<Source<T>, 'run'>>,
  settled: boolean,
): Reading<T> {
  const read = base.then(async (kept) => {
    const applied = await source.run.applied(kept, runId);
    return applied ? { records: applied, keep: true } : { records: byId(await source.list()), keep: settled };
  });
  return { records: read.then((r) => r.records), keep: read.then((r) => r.keep) };
}

function entryFor<K extends CatalogueKind>(
  kind: K,
  version: CatalogueVersion,
  now: number,
): Entry<RecordsOf[K]> {
  type T = RecordsOf[K];
  const source = sources[kind] as Source<T>;
  const entries = keptEntries();
  const { value, changedAt, changedId, snapshot } = version.kinds[kind];
  const changedByRun = source.run !== undefined && version.runActive;
  const entry = entries[kind] as Entry<T> | undefined;
  if (entry && isCurrent(entry, value, now, changedByRun)) return entry;
  // A call that read the version just before another one moved it on: newer records are never stale.
  if (entry && entry.value > value) return entry;
  const settled = now - changedAt >= SETTLE_MS;
  const base = entry?.kept && entry.value === value - 1 ? entry : undefined;
  let reading: Reading<T>;
  if (base && changedId !== null && source.get && isCurrent(base, base.value, now, changedByRun))
    reading = oneItemOn(base, changedId, source.get);
  // A run's snapshot replaces every observation it made, so a base read during the run will do.
  else if (base && snapshot !== null && source.run)
    reading = snapshotOn(base.records, snapshot, { ...source, run: source.run }, settled);
  else reading = listing(source, settled, changedByRun ? now : undefined);
  const created: Entry<T> = {
    value,
    kept: false,
    listedDuringRunAt: reading.listedDuringRunAt,
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

/** What a list is built from: each kind's records, in id order. */
export interface CatalogueRecords {
  products(): Promise<ProductRecord[]>;
  categories(): Promise<CategoryRecord[]>;
  urls(): Promise<CompetitorUrlRecord[]>;
}

const listed: CatalogueRecords = {
  products: listProducts,
  categories: listCategories,
  urls: listCompetitorUrls,
};

/** The records at `version`, from what this container keeps where it can. */
export function keptRecords(version: CatalogueVersion, now: () => number = Date.now): CatalogueRecords {
  const of =
    <K extends CatalogueKind>(kind: K) =>
    async () =>
      [...(await entryFor(kind, version, now()).records).values()] as RecordsOf[K][];
  return { products: of('products'), categories: of('categories'), urls: of('urls') };
}

const scope = new AsyncLocalStorage<CatalogueRecords>();

/** Runs `build` with the lists reading `records` (the answer cache's builds), not the table. */
export const buildingFrom = <T>(records: CatalogueRecords, build: () => Promise<T>) =>
  scope.run(records, build);

/** The records a list is built from: the kept ones inside a cached build, else straight from the table. */
export const catalogueRecords = (): CatalogueRecords => scope.getStore() ?? listed;
