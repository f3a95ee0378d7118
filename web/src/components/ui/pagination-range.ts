// Pagination arithmetic (docs/rules.md#6-paging: up to 5 page buttons, 'Showing a to b of n <noun>').
// Pure, unit-tested.

export const PAGE_WINDOW = 5;

export function pageCount(totalItems: number, pageSize: number): number {
  return Math.max(1, Math.ceil(totalItems / pageSize));
}

/**
 * The page numbers to show as buttons: at most `size`, keeping the current page centred where possible.
 * @example pageWindow(6, 10) // [4, 5, 6, 7, 8]
 */
export function pageWindow(current: number, totalPages: number, size = PAGE_WINDOW): number[] {
  const count = Math.min(size, totalPages);
  const start = Math.min(Math.max(1, current - Math.floor(size / 2)), totalPages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

/**
 * The summary line under a paged table.
 * @example showingText(2, 20, 45, 'products') // 'Showing 21 to 40 of 45 products'
 */
export function showingText(page: number, pageSize: number, totalItems: number, noun: string): string {
  const from = totalItems === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, totalItems);
  return `Showing ${from} to ${to} of ${totalItems} ${noun}`;
}
