// A product's latest AI analysis (GET /api/dashboard/products/{id}/ai-analysis) and starting a new
// one (POST /api/scraper/run/{productId}).
import type { AiAnalysis } from '@cmp/shared';
import useSWR from 'swr';
import { apiClient } from '../../../lib/api-client';
import { expectSuccess } from '../../../lib/api-result';

export const aiAnalysisKey = (productId: number) => `/dashboard/products/${productId}/ai-analysis`;

export async function fetchAiAnalysis(path: string): Promise<AiAnalysis | null> {
  return expectSuccess(await apiClient.get<{ success: boolean; analysis: AiAnalysis | null }>(path)).analysis;
}

/** Loads nothing while `productId` is null (the dialog is closed); the dialog shows its own failure state. */
export function useAiAnalysis(productId: number | null) {
  return useSWR(productId === null ? null : aiAnalysisKey(productId), fetchAiAnalysis);
}

/** Starts a price check of one product's competitor URLs (202; 409 while any run is active). */
export async function startProductAnalysis(productId: number): Promise<void> {
  expectSuccess(await apiClient.post<{ success: boolean }>(`/scraper/run/${productId}`, {}));
}
