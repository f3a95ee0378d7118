import { adjustCount, type CountedKind } from './catalogue-counts.repository';
import { type CatalogueKind, catalogueChanged } from './catalogue-version.repository';

/**
 * What a catalogue write did to the kept counts (`{ products: 1 }`: it added a product), `{}` when
 * it changed items without adding or removing any, or `null` when it changed nothing (a delete that
 * found the item gone already: two deletes racing must not count twice).
 */
export type CatalogueEffect = Partial<Record<CountedKind, number>> | null;

/** The item a write changed: the lists kept in memory then read that item alone (decision 58). */
export interface ChangedItem {
  kind: CatalogueKind;
  id: number;
}

const kindOfCount: Record<CountedKind, CatalogueKind> = { products: 'products', competitor_urls: 'urls' };

/**
 * The one way the repositories write products, categories and competitor URLs: runs `write`, then
 * moves the catalogue version (the whole-catalogue lists refresh) and the kept counts (the
 * overview) as `effect` says, or as it says of the write's result. `changed` names the item written;
 * without it, the kind the counts name moves (every kind when they name none), with no item named,
 * so the lists read that kind whole. A write that fails moves nothing; `write` undoes its own
 * claims before it throws.
 */
export async function catalogueWrite<T>(
  write: () => Promise<T>,
  effect: CatalogueEffect | ((result: T) => CatalogueEffect) = {},
  changed?: ChangedItem,
): Promise<T> {
  const result = await write();
  const counts = typeof effect === 'function' ? effect(result) : effect;
  if (counts) {
    const counted = Object.keys(counts) as CountedKind[];
    const kinds = changed ? [changed.kind] : counted.map((kind) => kindOfCount[kind]);
    await Promise.all([
      catalogueChanged(kinds.length > 0 ? { kinds, ...(changed ? { id: changed.id } : {}) } : {}),
      ...counted.map((kind) => adjustCount(kind, counts[kind] ?? 0)),
    ]);
  }
  return result;
}
