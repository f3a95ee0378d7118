/**
 * Client-side paging of a list (docs/rules.md#6-paging: 20 per page on the products and competitor
 * pages).
 */

export const PAGE_SIZE = 20;

/** The page to show: `page` clamped to 1..last page (a list that shrank keeps a valid page). */
export function clampPage(page: number, totalItems: number, pageSize = PAGE_SIZE): number {
  const last = Math.max(1, Math.ceil(totalItems / pageSize));
  return Math.min(Math.max(1, Math.floor(page)), last);
}

/**
 * The items of one page (1-based).
 * @example pageSlice(items45, 3) // items 41..45
 */
export function pageSlice<T>(items: readonly T[], page: number, pageSize = PAGE_SIZE): T[] {
  const start = (clampPage(page, items.length, pageSize) - 1) * pageSize;
  return items.slice(start, start + pageSize);
}
