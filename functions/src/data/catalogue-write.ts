import { adjustCount, type CountedKind } from './catalogue-counts.repository';
import { catalogueChanged } from './catalogue-version.repository';

/**
 * What a catalogue write did to the kept counts (`{ products: 1 }`: it added a product), `{}` when
 * it changed items without adding or removing any, or `null` when it changed nothing (a delete that
 * found the item gone already: two deletes racing must not count twice).
 */
export type CatalogueEffect = Partial<Record<CountedKind, number>> | null;

/**
 * The one way the repositories write products, categories and competitor URLs: runs `write`, then
 * moves the catalogue version (the whole-catalogue lists refresh) and the kept counts (the
 * overview) as `effect` says, or as it says of the write's result. A write that fails moves
 * nothing; `write` undoes its own claims before it throws.
 */
export async function catalogueWrite<T>(
  write: () => Promise<T>,
  effect: CatalogueEffect | ((result: T) => CatalogueEffect) = {},
): Promise<T> {
  const result = await write();
  const counts = typeof effect === 'function' ? effect(result) : effect;
  if (counts) {
    await Promise.all([
      catalogueChanged(),
      ...(Object.keys(counts) as CountedKind[]).map((kind) => adjustCount(kind, counts[kind] ?? 0)),
    ]);
  }
  return result;
}
