/**
 * Paging of a list (docs/rules.md#6-paging: 20 per page on the dashboard, products and competitor
 * pages; the server cuts the pages, list-query.ts).
 */

export const PAGE_SIZE = 20;

/** The page to show: `page` clamped to 1..last page (a list that shrank keeps a valid page). */
export function clampPage(page: number, totalItems: number, pageSize = PAGE_SIZE): number {
  const last = Math.max(1, Math.ceil(totalItems / pageSize));
  return Math.min(Math.max(1, Math.floor(page)), last);
}
