// The Competitors page's table (docs/screens.md#8-competitors-page): search, the filter by the latest
// check's outcome and the sort orders. Pure; filtering keeps the order it is given.
import {
  CHECK_OUTCOMES,
  type CompetitorUrl,
  competitorNameFromUrl,
  FAILING_OUTCOMES,
  OUTCOME_LABELS,
  searchWords,
} from '@cmp/shared';
import { sortByKey, type TableSort } from '../../../lib/table-sort';

export const ALL_CHECKS = 'all';
export const FAILING = 'failing';
export const NEVER_CHECKED = 'never';

/** The outcome filter after 'All checks': 'Failing' (what staff must act on), each outcome, never checked. */
export const OUTCOME_FILTER_OPTIONS: readonly { value: string; label: string }[] = [
  { value: FAILING, label: 'Failing' },
  ...CHECK_OUTCOMES.map((outcome) => ({ value: outcome, label: OUTCOME_LABELS[outcome] })),
  { value: NEVER_CHECKED, label: 'Not checked yet' },
];

export interface CompetitorFilters {
  search: string;
  /** ALL_CHECKS, FAILING, NEVER_CHECKED or an outcome. */
  outcome: string;
}

export const NO_FILTERS: CompetitorFilters = { search: '', outcome: ALL_CHECKS };

// The host and the search text of each URL, worked out once per answer rather than once per keystroke.
const derived = new WeakMap<CompetitorUrl, { host: string; text: string }>();
function derive(url: CompetitorUrl) {
  let found = derived.get(url);
  if (!found) {
    const host = competitorNameFromUrl(url.url);
    const text = [url.product.name, url.product.sku, url.competitor_name, host].join('\n').toLowerCase();
    found = { host, text };
    derived.set(url, found);
  }
  return found;
}

/** The host the table shows for a URL (leading www. removed). */
export const hostOf = (url: CompetitorUrl): string => derive(url).host;

function outcomeMatches(url: CompetitorUrl, filter: string): boolean {
  if (filter === ALL_CHECKS) return true;
  const outcome = url.last_check?.outcome;
  if (filter === NEVER_CHECKED) return outcome === undefined;
  if (outcome === undefined) return false;
  return filter === FAILING ? FAILING_OUTCOMES.includes(outcome) : outcome === filter;
}

/**
 * The URLs whose product name, SKU, competitor name or host holds every word of the search (any
 * case), and whose latest check passes the outcome filter.
 * @example filterCompetitors(urls, { search: 'kettle argos', outcome: FAILING })
 */
export function filterCompetitors(
  urls: readonly CompetitorUrl[],
  { search, outcome }: CompetitorFilters,
): CompetitorUrl[] {
  const words = searchWords(search);
  return urls.filter(
    (url) => outcomeMatches(url, outcome) && words.every((word) => derive(url).text.includes(word)),
  );
}

export type CompetitorSortColumn = 'product' | 'competitor' | 'lastCheck';
export type CompetitorSort = TableSort<CompetitorSortColumn>;

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * Sorts a copy: by product name (then SKU), by competitor host (then name), or by the time of the
 * latest check, oldest first when ascending; URLs never checked stay last either way.
 */
export function sortCompetitors(
  urls: readonly CompetitorUrl[],
  sort: CompetitorSort | null,
): CompetitorUrl[] {
  if (!sort) return [...urls];
  if (sort.column === 'lastCheck') {
    return sortByKey(
      urls,
      (url) => (url.last_check ? Date.parse(url.last_check.checked_at) : null),
      sort.direction,
      (a, b) => a - b,
    );
  }
  const keyOf =
    sort.column === 'product'
      ? (url: CompetitorUrl) => [url.product.name, url.product.sku]
      : (url: CompetitorUrl) => [hostOf(url), url.competitor_name];
  return sortByKey(
    urls,
    keyOf,
    sort.direction,
    (a, b) => collator.compare(a[0] ?? '', b[0] ?? '') || collator.compare(a[1] ?? '', b[1] ?? ''),
  );
}
