// The dashboard's reads (docs/api.md#dashboard): overview figures, the products with their comparison,
// and a product's latest AI analysis.
import type { AiAnalysis, DashboardProduct, OverviewStats } from '@cmp/shared';
import useSWR from 'swr';
import { expectSuccess } from '../lib/api-result';
import { call } from './client';
import { keys } from './keys';

export async function fetchOverviewStats(): Promise<OverviewStats> {
  return expectSuccess(await call('GET /api/dashboard/overview')).stats;
}

export async function fetchDashboardProducts(): Promise<DashboardProduct[]> {
  return expectSuccess(await call('GET /api/dashboard/products')).products;
}

async function fetchAiAnalysis(id: number): Promise<AiAnalysis | null> {
  return expectSuccess(await call('GET /api/dashboard/products/{id}/ai-analysis', { params: { id } }))
    .analysis;
}

/** Loads nothing while `productId` is null (the dialog is closed); the dialog shows its own failure state. */
export function useAiAnalysis(productId: number | null) {
  return useSWR(productId === null ? null : keys.aiAnalysis(productId), ([, id]) => fetchAiAnalysis(id));
}
