// The dashboard's reads (docs/api.md#dashboard): overview figures, the products with their comparison,
// and a product's latest AI analysis.
import type { AiAnalysis, DashboardProduct, OverviewStats } from '@cmp/shared';
import useSWR from 'swr';
import { expectSuccess } from '../lib/api-result';
import { type Answer, apiClient } from './client';
import { keys } from './keys';

export async function fetchOverviewStats(): Promise<OverviewStats> {
  return expectSuccess(await apiClient.get<Answer<'stats', OverviewStats>>('/dashboard/overview')).stats;
}

export async function fetchDashboardProducts(): Promise<DashboardProduct[]> {
  return expectSuccess(await apiClient.get<Answer<'products', DashboardProduct[]>>('/dashboard/products'))
    .products;
}

async function fetchAiAnalysis(path: string): Promise<AiAnalysis | null> {
  return expectSuccess(await apiClient.get<Answer<'analysis', AiAnalysis | null>>(path)).analysis;
}

/** Loads nothing while `productId` is null (the dialog is closed); the dialog shows its own failure state. */
export function useAiAnalysis(productId: number | null) {
  return useSWR(productId === null ? null : keys.aiAnalysis(productId), fetchAiAnalysis);
}
