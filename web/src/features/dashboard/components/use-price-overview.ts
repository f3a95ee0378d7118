// What the Price Overview tab shows besides the table (docs/screens.md#4-dashboard-price-overview-tab): the
// overview figures and the categories for the filter, fetched together. Neither fails the view: a failed
// overview empties the cards (and says so), failed categories leave the filter without categories. The
// table's pages are fetched by themselves (useDashboardPage); a failure there fails the view.
import type { Category, OverviewStats } from '@cmp/shared';
import useSWR, { mutate } from 'swr';
import { fetchCategories } from '../../../api/categories';
import { fetchOverviewStats, reloadDashboardPages } from '../../../api/dashboard';
import { keys } from '../../../api/keys';
import { notifyError } from '../../../lib/notify';

export interface PriceOverviewData {
  /** null when the overview failed. */
  stats: OverviewStats | null;
  categories: Category[];
}

async function categoriesOrNone(): Promise<Category[]> {
  try {
    return await fetchCategories();
  } catch (error) {
    // docs/screens.md#9-toasts-errors-and-formats: a category failure on the dashboard is only logged;
    // the filter then offers no categories.
    console.error('Failed to fetch categories', error);
    return [];
  }
}

async function statsOrNone(): Promise<OverviewStats | null> {
  try {
    return await fetchOverviewStats();
  } catch (error) {
    notifyError(error, 'Failed to fetch overview stats');
    return null;
  }
}

async function fetchPriceOverview(): Promise<PriceOverviewData> {
  const [stats, categories] = await Promise.all([statsOrNone(), categoriesOrNone()]);
  return { stats, categories };
}

export function usePriceOverview() {
  return useSWR(keys.priceOverview, fetchPriceOverview, { revalidateOnFocus: false });
}

/** Reloads the tab after a save, delete or hide (docs/screens.md#5-dashboard-dialogs): cards and table. */
export const reloadPriceOverview = () => Promise.all([mutate(keys.priceOverview), reloadDashboardPages()]);
