// Everything the Price Overview tab shows on first view (docs/screens.md#4-dashboard-price-overview-tab):
// overview figures, the products with their comparison and the categories, fetched together under one key.
// Each failure has its own message (the same section): products fail the view, the overview only the cards,
// categories only the filter.
import type { Category, PriceComparison, Product } from '@cmp/shared';
import useSWR, { mutate } from 'swr';
import { apiClient } from '../../../lib/api-client';
import { expectSuccess } from '../../../lib/api-result';
import { notifyError } from '../../../lib/notify';
import { type FirstView, settleFirstView } from '../utils/first-view';

/** GET /api/dashboard/overview `stats` (docs/api.md#shapes). */
export interface OverviewStats {
  totalProducts: number;
  totalCompetitorUrls: number;
  lastScrapingTime: string | null;
  scrapingSuccessRate: number;
  recentScrapingAttempts: number;
}

/** A visible product with its comparison against the cheapest competitor (docs/api.md#shapes). */
export interface DashboardProduct extends Product {
  price_comparison: PriceComparison;
  bestCompetitor: { url: string; competitor_name: string } | null;
}

export interface DashboardData extends FirstView<OverviewStats, DashboardProduct[]> {
  categories: Category[];
}

export const dashboardKey = 'dashboard/price-overview';

async function fetchCategories(): Promise<Category[]> {
  try {
    return expectSuccess(await apiClient.get<{ success: boolean; categories: Category[] }>('/categories'))
      .categories;
  } catch (error) {
    // docs/screens.md#9-toasts-errors-and-formats: a category failure on the dashboard is only logged;
    // the filter then offers no categories.
    console.error('Failed to fetch categories', error);
    return [];
  }
}

/** Starts the three loads together; only a products failure fails the view (see settleFirstView). */
export async function fetchDashboardData(): Promise<DashboardData> {
  const [settled, categories] = await Promise.all([
    Promise.allSettled([
      apiClient
        .get<{ success: boolean; stats: OverviewStats }>('/dashboard/overview')
        .then((body) => expectSuccess(body).stats),
      apiClient
        .get<{ success: boolean; products: DashboardProduct[] }>('/dashboard/products')
        .then((body) => expectSuccess(body).products),
    ]),
    fetchCategories(),
  ]);
  return { ...settleFirstView(settled), categories };
}

export function useDashboardData() {
  return useSWR(dashboardKey, fetchDashboardData, {
    onError: (error) => notifyError(error, 'Failed to load dashboard data'),
    onSuccess: (data) => {
      if (data.overviewError !== null) notifyError(data.overviewError, 'Failed to fetch overview stats');
    },
    // Big catalogues: refetching 10,000 products on every window focus would be wasteful.
    revalidateOnFocus: false,
  });
}

/** Reloads the tab after a save, delete or hide (docs/screens.md#5-dashboard-dialogs). */
export const reloadDashboard = () => mutate(dashboardKey);
