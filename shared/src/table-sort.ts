// A table's sort order as its column headers set it, and the one sort the lists use in the browser and on
// the server (docs/api.md#lists).

export type SortDirection = 'asc' | 'desc';

export interface TableSort<Column extends string> {
  column: Column;
  direction: SortDirection;
}

/** A click on a column header: the same column flips its direction, another column starts ascending. */
export function nextSort<Column extends string>(
  current: TableSort<Column> | null,
  column: Column,
): TableSort<Column> {
  if (current?.column === column) return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { column, direction: 'asc' };
}

/**
 * Sorts a copy by each item's key; items without a key stay last in either direction, and ties keep
 * their order.
 * @example sortByKey(urls, (url) => url.last_check?.checked_at ?? null, 'desc', compareText) // newest first
 */
export function sortByKey<T, Key>(
  items: readonly T[],
  keyOf: (item: T) => Key | null,
  direction: SortDirection,
  compare: (a: Key, b: Key) => number,
): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  return items
    .map((item, index) => ({ item, index, key: keyOf(item) }))
    .sort((a, b) => {
      if (a.key === null || b.key === null) {
        return a.key === b.key ? a.index - b.index : a.key === null ? 1 : -1;
      }
      return compare(a.key, b.key) * sign || a.index - b.index;
    })
    .map(({ item }) => item);
}
