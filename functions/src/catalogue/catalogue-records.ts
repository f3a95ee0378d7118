import { AsyncLocalStorage } from 'node:async_hooks';
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

/**
 * The records the whole-catalogue lists are built from, kept per container and per kind (decision
 * 58): a product edit re-reads one product, not 30,000 URLs. Each kind's records are kept at the
 * kind's version (catalogue-version.repository.ts):
 * - the same version: kept records, no read;
 * - one change on, naming the item it changed: that item alone, read consistently (deleted: dropped);
 * - else the whole kind, listed. A list read within SETTLE_MS of the kind's change is used for the
 *   call but not kept (indexes may lag on AWS); an item read consistently is kept at once.
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
  /** Scrape runs change these records without moving their version. */
  changedByRuns: boolean;
}

const sources: { [K in CatalogueKind]: Source<RecordsOf[K]> } = {
  products: { list: listProducts, get: getProduct, changedByRuns: false },
  categories: { list: listCategories, changedByRuns: false },
  urls: { list: listCompetitorUrls, get: getCompetitorUrl, changedByRuns: true },
};

interface Entry<T> {
  value: number;
  keep: boolean;
  /** When the records were listed, with a run going; undefined when listed at rest. */
  listedDuringRunAt: number | undefined;
  records: Promise<Map<number, T>>;
}

const entries: { [K in CatalogueKind]?: Entry<RecordsOf[K]> } = {};

const byId = <T extends { id: number }>(records: T[]) => new Map(records.map((r) => [r.id, r]));

function isCurrent(entry: Entry<unknown>, value: number, now: number): boolean {
  if (entry.value !== value) return false;
  return entry.listedDuringRunAt === undefined || now - entry.listedDuringRunAt < RUN_REFRESH_MS;
}

async function withChange<T extends { id: number }>(
  base: Promise<Map<number, T>>,
  id: number,
  get: (id: number) => Promise<T | undefined>,
): Promise<Map<number, T>> {
  const [records, item] = await Promise.all([base, get(id)]);
  // A copy: a build still running may be reading the records of the version before.
  const changed = new Map(records);
  if (item) changed.set(id, item);
  else changed.delete(id);
  return changed;
}

function entryFor<K extends CatalogueKind>(
  kind: K,
  version: CatalogueVersion,
  now: number,
): Entry<RecordsOf[K]> {
  type T = RecordsOf[K];
  const source = sources[kind] as Source<T>;
  const { value, changedAt, changedId } = version.kinds[kind];
  const entry = entries[kind] as Entry<T> | undefined;
  if (entry && isCurrent(entry, value, now)) return entry;
  // A call that read the version just before another one moved it on: newer records are never stale.
  if (entry && entry.value > value) return entry;
  const oneChangeOn = entry?.keep && entry.value === value - 1 && changedId !== null;
  const created: Entry<T> =
    entry && oneChangeOn && source.get && isCurrent(entry, entry.value, now)
      ? { ...entry, value, records: withChange(entry.records, changedId, source.get) }
      : {
          value,
          keep: now - changedAt >= SETTLE_MS,
          listedDuringRunAt: source.changedByRuns && version.runActive ? now : undefined,
          records: source.list().then(byId),
        };
  (entries as Record<K, Entry<T>>)[kind] = created;
  // Calls arriving while it is read share it; once read, records not to be kept are forgotten.
  const forget = () => {
    if (entries[kind] === created) delete entries[kind];
  };
  created.records.then(created.keep ? undefined : forget, forget);
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
