// Everything the Price Overview tab shows on first view (spec §4 Loading): overview figures, the
// products with their comparison and the categories, fetched together under one key.
import type { Category, PriceComparison, Product } from '@cmp/shared';
import useSWR, { mutate } from 'swr';
import { apiClient } from '../../../lib/api-client';
import { expectSuccess } from '../../../lib/api-result';
import { notifyError } from '../../../lib/notify';

/** GET /api/dashboard/overview `stats` (spec §3 Overview stats). */
export interface OverviewStats {
  totalProducts: number;
  totalCompetitorUrls: number;
  lastScrapingTime: string | null;
  scrapingSuccessRate: number;
  recentScrapingAttempts: number;
}

/** A visible product with its comparison against the cheapest competitor (spec §3 Dashboard product). */
export interface DashboardProduct extends Product {
  price_comparison: PriceComparison;
  bestCompetitor: { url: string; competitor_name: string } | null;
}

export interface DashboardData {
  stats: OverviewStats;
  products: DashboardProduct[];
  categories: Category[];
}

export const dashboardKey = 'dashboard/price-overview';

async function fetchCategories(): Promise<Category[]> {
  try {
    return expectSuccess(await apiClient.get<{ success: boolean; categories: Category[] }>('/categories'))
      .categories;
  } catch (error) {
    // spec §8: a category failure on the dashboard is only logged; the filter then offers no categories.
    console.error('Failed to fetch categories', error);
    return [];
  }
}

export async function fetchDashboardData(): Promise<DashboardData> {
  const [overview, list, categories] = await Promise.all([
    apiClient.get<{ success: boolean; stats: OverviewStats }>('/dashboard/overview'),
    apiClient.get<{ success: boolean; products: DashboardProduct[] }>('/dashboard/products'),
    fetchCategories(),
  ]);
  return {
    stats: expectSuccess(overview).stats,
    products: expectSuccess(list).products,
    categories,
  };
}

export function useDashboardData() {
  return useSWR(dashboardKey, fetchDashboardData, {
    onError: (error) => notifyError(error, 'Failed to load dashboard data'),
    // Big catalogues: refetching 10,000 products on every window focus would be wasteful.
    revalidateOnFocus: false,
  });
}

/** Reloads the tab after a save, delete or hide (spec §4: after saves and deletes, lists reload). */
export const reloadDashboard = () => mutate(dashboardKey);
