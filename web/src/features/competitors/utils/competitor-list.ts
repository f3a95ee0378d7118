// The Competitors page's table (docs/screens.md#8-competitors-page): the outcome filter's choices, and the
// search, filter and sort as the API takes them (it filters, sorts and pages, docs/api.md#lists).
import {
  CHECK_OUTCOMES,
  FAILING_FILTER,
  NEVER_CHECKED_FILTER,
  OUTCOME_LABELS,
  PAGE_SIZE,
  type TableSort,
} from '@cmp/shared';
import { listQuery } from '../../../api/list-pages';

export const ALL_CHECKS = 'all';

/** The outcome filter after 'All checks': 'Failing' (what staff must act on), each outcome, never checked. */
export const OUTCOME_FILTER_OPTIONS: readonly { value: string; label: string }[] = [
  { value: FAILING_FILTER, label: 'Failing' },
  ...CHECK_OUTCOMES.map((outcome) => ({ value: outcome, label: OUTCOME_LABELS[outcome] })),
  { value: NEVER_CHECKED_FILTER, label: 'Not checked yet' },
];

export interface CompetitorFilters {
  search: string;
  /** ALL_CHECKS, FAILING_FILTER, NEVER_CHECKED_FILTER or an outcome. */
  outcome: string;
}

export const NO_FILTERS: CompetitorFilters = { search: '', outcome: ALL_CHECKS };

export type CompetitorSortColumn = 'product' | 'competitor' | 'last_check';
export type CompetitorSort = TableSort<CompetitorSortColumn>;

/** A page of the table as the API is asked for it: the search, the outcome filter, the sort and the page. */
export function competitorPageQuery(
  { search, outcome }: CompetitorFilters,
  sort: CompetitorSort | null,
  page: number,
): Record<string, string> {
  return listQuery({
    search: search.trim(),
    outcome: outcome === ALL_CHECKS ? undefined : outcome,
    sort: sort?.column,
    order: sort?.direction,
    page,
    page_size: PAGE_SIZE,
  });
}
