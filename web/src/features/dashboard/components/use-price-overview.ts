// Everything the Price Overview tab shows on first view (docs/screens.md#4-dashboard-price-overview-tab):
// overview figures, the products with their comparison and the categories, fetched together under one key.
// Each failure has its own message (the same section): products fail the view, the overview only the cards,
// categories only the filter.
import type { Category, DashboardProduct, OverviewStats } from '@cmp/shared';
import useSWR, { mutate } from 'swr';
import { fetchCategories } from '../../../api/categories';
import { fetchDashboardProducts, fetchOverviewStats } from '../../../api/dashboard';
import { keys } from '../../../api/keys';
import { notifyError } from '../../../lib/notify';
import { type FirstView, settleFirstView } from '../utils/first-view';

export interface PriceOverviewData extends FirstView<OverviewStats, DashboardProduct[]> {
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

/** Starts the three loads together; only a products failure fails the view (see settleFirstView). */
async function fetchPriceOverview(): Promise<PriceOverviewData> {
  const [settled, categories] = await Promise.all([
    Promise.allSettled([fetchOverviewStats(), fetchDashboardProducts()]),
    categoriesOrNone(),
  ]);
  return { ...settleFirstView(settled), categories };
}

export function usePriceOverview() {
  return useSWR(keys.priceOverview, fetchPriceOverview, {
    onError: (error) => notifyError(error, 'Failed to load dashboard data'),
    onSuccess: (data) => {
      if (data.overviewError !== null) notifyError(data.overviewError, 'Failed to fetch overview stats');
    },
    // Big catalogues: refetching 10,000 products on every window focus would be wasteful.
    revalidateOnFocus: false,
  });
}

/** Reloads the tab after a save, delete or hide (docs/screens.md#5-dashboard-dialogs). */
export const reloadPriceOverview = () => mutate(keys.priceOverview);
