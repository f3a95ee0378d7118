/**
 * Word search and ranking over products (docs/rules.md#5-search-and-ranking).
 *
 * Matching: the query is split into words on whitespace; every word must appear (case-insensitive) in
 * the name or in the SKU. Ranking, for a multi-word query:
 * - the whole query (trimmed, lower-cased, inner whitespace collapsed) earns ONE tier per field, the
 *   best that applies: name exact 100 / starts with 50 / contains 20, and SKU exact 90 / starts with
 *   45 / contains 15 (name and SKU tiers add up);
 * - then each distinct word adds 5 per non-overlapping occurrence in the name and 3 per occurrence in
 *   the SKU.
 * Equal scores keep their input order (stable sort).
 */

export interface Searchable {
  name: string;
  sku: string;
}

export const SEARCH_SCORES = {
  exactName: 100,
  exactSku: 90,
  nameStartsWith: 50,
  skuStartsWith: 45,
  nameContains: 20,
  skuContains: 15,
  perNameOccurrence: 5,
  perSkuOccurrence: 3,
} as const;

const normalise = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

/** The distinct lower-cased words of a query; empty for a blank query. */
export function searchWords(query: string): string[] {
  const text = normalise(query);
  return text === '' ? [] : [...new Set(text.split(' '))];
}

/** Non-overlapping occurrences of `word` in `text` (both already lower-cased). */
export function countOccurrences(text: string, word: string): number {
  if (word === '') return 0;
  let count = 0;
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + word.length)) count += 1;
  return count;
}

/** Whether every word of the query appears in the item's name or SKU (a blank query matches all). */
export function matchesAllWords(item: Searchable, query: string): boolean {
  const name = item.name.toLowerCase();
  const sku = item.sku.toLowerCase();
  return searchWords(query).every((word) => name.includes(word) || sku.includes(word));
}

function tier(field: string, query: string, exact: number, starts: number, contains: number): number {
  if (field === query) return exact;
  if (field.startsWith(query)) return starts;
  return field.includes(query) ? contains : 0;
}

/**
 * The ranking score of one item for a query (see the module comment for multi-word queries).
 * @example searchScore({ name: 'Kettle', sku: 'K-1' }, 'kettle') // 100 + 5 = 105
 */
export function searchScore(item: Searchable, query: string): number {
  const q = normalise(query);
  if (q === '') return 0;
  const name = normalise(item.name);
  const sku = normalise(item.sku);
  const s = SEARCH_SCORES;
  let score =
    tier(name, q, s.exactName, s.nameStartsWith, s.nameContains) +
    tier(sku, q, s.exactSku, s.skuStartsWith, s.skuContains);
  for (const word of searchWords(q)) {
    score +=
      countOccurrences(name, word) * s.perNameOccurrence + countOccurrences(sku, word) * s.perSkuOccurrence;
  }
  return score;
}

/**
 * The items whose name or SKU contains every word, best score first; a blank query returns all items
 * in their original order.
 */
export function searchAndRank<T extends Searchable>(items: readonly T[], query: string): T[] {
  if (searchWords(query).length === 0) return [...items];
  return items
    .filter((item) => matchesAllWords(item, query))
    .map((item, index) => ({ item, index, score: searchScore(item, query) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map(({ item }) => item);
}
