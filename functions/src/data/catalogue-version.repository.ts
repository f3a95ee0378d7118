import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ComparisonSettings, RateBook, Shipping } from '@cmp/shared';
import { conditionHeld, db, tableName } from './dynamo';

/**
 * Numbers that move on whenever something the whole-catalogue lists show changes, with the time
 * they last moved: one for the whole catalogue and one per kind of record (products, categories,
 * competitor URLs), so a list kept in memory re-reads only the kind that changed (see
 * catalogue/catalogue-records.ts and http/catalogue-cache.ts). Every repository write those lists
 * read goes through `catalogueWrite` (catalogue-write.ts), which moves them after the write
 * succeeds and, when it changed one item, names it, so a reader one change behind reads that item
 * alone. A scrape run changes the URLs' latest observations all along, without a write here per
 * URL: its start marks the catalogue as changing (`runActive`), so the lists refresh every few
 * seconds while it runs, and its end moves the URLs' version on. A completed run's end names the
 * snapshot of the URLs it checked (scrape-run/url-snapshot.ts), so a reader one change behind reads
 * that snapshot instead of every URL. The comparison settings, which change every row the lists
 * show, live on the same item (issue 33), with everything else the comparison is judged by: the
 * exchange rates (hand-set and the ECB's days) and each host's shipping. Saving any of them moves
 * the version in the same write, and the lists read them with the version. All of it is one item,
 * read with one consistent GetItem per list call.
 */
export const CATALOGUE_KINDS = ['products', 'categories', 'urls'] as const;
export type CatalogueKind = (typeof CATALOGUE_KINDS)[number];

/**
 * Secondary indexes may not show a write for a moment on AWS: a list read within this long after
 * its kind changed is used once, never kept.
 */
export const SETTLE_MS = 5_000;
/** While a run changes the prices (without moving the version per URL), what the lists read of the URLs lives this long. */
export const RUN_REFRESH_MS = 10_000;

export interface KindVersion {
  value: number;
  /** Epoch milliseconds of the kind's last change; 0 when nothing changed yet. */
  changedAt: number;
  /** The one item the last change touched; null when it touched several, or is not known. */
  changedId: number | null;
  /**
   * The run whose end was the last change, when it left a snapshot of the records it changed
   * (the URLs only); null otherwise.
   */
  snapshot: string | null;
}

export interface CatalogueVersion {
  value: number;
  /** Epoch milliseconds of the last change; 0 when nothing changed yet. */
  changedAt: number;
  runActive: boolean;
  /** The run started last (the one going, while `runActive`); null before any. */
  runId: string | null;
  kinds: Record<CatalogueKind, KindVersion>;
  /** What the comparison is judged by besides the records. */
  comparison: ComparisonInputs;
}

/** How the comparison treats offers (defaults until an admin saves), its rates and each host's shipping. */
export interface ComparisonInputs {
  settings: ComparisonSettings;
  rates: RateBook;
  shipping: Readonly<Record<string, Shipping>>;
  /** Equal for equal inputs: what a kept row was judged by is compared by it. */
  key: string;
}

const KEY = { PK: 'VERSION', SK: 'CATALOGUE' };

const names = (kind: CatalogueKind) => ({
  value: `${kind}_value`,
  changedAt: `${kind}_changed_at`,
  changedId: `${kind}_changed_id`,
  snapshot: `${kind}_snapshot`,
});

/**
 * `kinds` changed (all of them when left out); `id`: the one item of the one kind the change
 * touched; `run`: a scrape run starts (the URLs keep changing until it ends) or ends.
 */
export interface CatalogueChange {
  kinds?: readonly CatalogueKind[];
  /** Comparison inputs saved with the move (comparisonWrite). */
  inputs?: InputsWrite;
  id?: number;
  run?: 'started' | 'ended';
  /** The run that starts. */
  runId?: string;
}

/**
 * A run's end that left a snapshot of the URLs it checked, read after the URLs' version was
 * `base`: the snapshot is exact one change on from `base` only.
 */
export interface RunSnapshot {
  runId: string;
  base: number;
}

/**
 * `catalogueChanged('ended')`: a scrape run ended, which changed the URLs' latest observations
 * (its start: `runStarted`).
 */
export async function catalogueChanged(changeOrRun: CatalogueChange | 'ended' = {}): Promise<void> {
  const change: CatalogueChange = changeOrRun === 'ended' ? { kinds: ['urls'], run: 'ended' } : changeOrRun;
  await db().send(new UpdateCommand({ TableName: tableName(), Key: KEY, ...versionMove(change) }));
}

/**
 * A scrape run starts. It moves the whole catalogue's version (the kept answers) but not the URLs':
 * records read before it stay a base for the run's checks and its snapshot, and while it runs the
 * lists read the URLs it checked every RUN_REFRESH_MS (run-checks.repository.ts).
 */
export const runStarted = (runId: string): Promise<void> =>
  catalogueChanged({ kinds: [], run: 'started', runId });

/**
 * A completed run's end, naming its snapshot, if the URLs' version is still the snapshot's base;
 * else (something changed meanwhile) a plain end, whose readers list the URLs again.
 */
export async function runEndedWithSnapshot(snapshot: RunSnapshot): Promise<boolean> {
  const move = versionMove({ kinds: ['urls'], run: 'ended' }, snapshot.runId);
  const named = await conditionHeld(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: KEY,
        ...move,
        ConditionExpression: snapshot.base === 0 ? 'attribute_not_exists(#urlsValue)' : '#urlsValue = :base',
        ExpressionAttributeNames: { ...move.ExpressionAttributeNames, '#urlsValue': names('urls').value },
        ExpressionAttributeValues: {
          ...move.ExpressionAttributeValues,
          ...(snapshot.base === 0 ? {} : { ':base': snapshot.base }),
        },
      }),
    ),
  );
  if (!named) await catalogueChanged('ended');
  return named;
}

/**
 * Attributes of the version item set or removed with a move, each as its path: `['manual_rates']`,
 * or `['host_shipping', 'shop.example.com']` for one entry of a map.
 */
export interface InputsWrite {
  set?: [path: string[], value: unknown][];
  remove?: string[][];
}

/** A path as names (#a0.#a1) for an update expression. */
function pathOf(path: readonly string[], names: Record<string, string>): string {
  return path
    .map((part) => {
      const name = `#a${Object.keys(names).length}`;
      names[name] = part;
      return name;
    })
    .join('.');
}

/** The update that moves the versions `change` names on; `snapshot`: the run whose snapshot it names. */
function versionMove(change: CatalogueChange, snapshot?: string) {
  const kinds = change.kinds ?? CATALOGUE_KINDS;
  const id = kinds.length === 1 ? change.id : undefined;
  const add = ['#value :one', ...kinds.map((kind) => `${names(kind).value} :one`)];
  const set = ['changed_at = :now', ...kinds.map((kind) => `${names(kind).changedAt} = :now`)];
  if (id !== undefined) set.push(`${names(kinds[0] ?? 'products').changedId} = :id`);
  if (snapshot !== undefined) set.push(`${names(kinds[0] ?? 'urls').snapshot} = :snapshot`);
  if (change.run) set.push('run_active = :active');
  if (change.runId !== undefined) set.push('run_id = :runId');
  const attributeNames: Record<string, string> = { '#value': 'value' };
  const inputValues: Record<string, unknown> = {};
  for (const [path, value] of change.inputs?.set ?? []) {
    const placeholder = `:in${Object.keys(inputValues).length}`;
    inputValues[placeholder] = value;
    set.push(`${pathOf(path, attributeNames)} = ${placeholder}`);
  }
  const remove = [
    ...(id === undefined ? kinds.map((kind) => names(kind).changedId) : []),
    ...(snapshot === undefined ? kinds.map((kind) => names(kind).snapshot) : []),
    ...(change.inputs?.remove ?? []).map((path) => pathOf(path, attributeNames)),
  ];
  return {
    UpdateExpression: `ADD ${add.join(', ')} SET ${set.join(', ')}${remove.length > 0 ? ` REMOVE ${remove.join(', ')}` : ''}`,
    ExpressionAttributeNames: attributeNames,
    ExpressionAttributeValues: {
      ...inputValues,
      ':one': 1,
      ':now': Date.now(),
      ...(id === undefined ? {} : { ':id': id }),
      ...(snapshot === undefined ? {} : { ':snapshot': snapshot }),
      ...(change.run ? { ':active': change.run === 'started' } : {}),
      ...(change.runId === undefined ? {} : { ':runId': change.runId }),
    } as Record<string, unknown>,
  };
}

export async function readCatalogueVersion(): Promise<CatalogueVersion> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: KEY, ConsistentRead: true }),
  );
  const number = (name: string) => Number(Item?.[name] ?? 0);
  const kind = (k: CatalogueKind): KindVersion => {
    const { value, changedAt, changedId, snapshot } = names(k);
    return {
      value: number(value),
      changedAt: number(changedAt),
      changedId: Item?.[changedId] === undefined ? null : Number(Item[changedId]),
      snapshot: typeof Item?.[snapshot] === 'string' ? Item[snapshot] : null,
    };
  };
  return {
    value: number('value'),
    changedAt: number('changed_at'),
    runActive: Item?.run_active === true,
    runId: typeof Item?.run_id === 'string' ? Item.run_id : null,
    kinds: { products: kind('products'), categories: kind('categories'), urls: kind('urls') },
    comparison: comparisonInputsOf(Item ?? {}),
  };
}

/** Before anything was saved: the default settings, no rates, no shipping. */
export const defaultComparisonInputs = (): ComparisonInputs => comparisonInputsOf({});

function comparisonInputsOf(item: Record<string, unknown>): ComparisonInputs {
  const map = <T>(value: unknown) => (value && typeof value === 'object' ? (value as T) : ({} as T));
  const inputs = {
    settings: {
      compare_in_stock_only: item.compare_in_stock_only === true,
      compare_with_shipping: item.compare_with_shipping === true,
    },
    rates: {
      manual: map<RateBook['manual']>(item.manual_rates),
      reference: map<RateBook['reference']>(item.reference_rates),
    },
    shipping: map<Record<string, Shipping>>(item.host_shipping),
  };
  return { ...inputs, key: JSON.stringify(inputs) };
}

/** What the comparison is judged by, as the lists read it. */
export const readComparisonInputs = async (): Promise<ComparisonInputs> =>
  (await readCatalogueVersion()).comparison;

/**
 * Saves comparison inputs and moves the whole catalogue's version in one write: every list is built
 * again with them. A path into a map (`['host_shipping', host]`) needs the map: `maps` names those
 * the write may have to create first.
 */
export async function saveComparisonInputs(inputs: InputsWrite, maps: readonly string[] = []): Promise<void> {
  if (maps.length > 0) {
    const attributeNames: Record<string, string> = {};
    const paths = maps.map((map) => pathOf([map], attributeNames));
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: KEY,
        UpdateExpression: `SET ${paths.map((path) => `${path} = if_not_exists(${path}, :empty)`).join(', ')}`,
        ExpressionAttributeNames: attributeNames,
        ExpressionAttributeValues: { ':empty': {} },
      }),
    );
  }
  await catalogueChanged({ kinds: [], inputs });
}
