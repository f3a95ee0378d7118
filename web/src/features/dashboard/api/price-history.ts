// A competitor URL's price records, newest first (GET /api/competitor-urls/{id}), for the chart.
import type { CompetitorUrlDetail, PriceRecord } from '@cmp/shared';
import useSWR from 'swr';
import { apiClient } from '../../../lib/api-client';
import { expectSuccess } from '../../../lib/api-result';

export const priceHistoryKey = (competitorUrlId: number) => `/competitor-urls/${competitorUrlId}`;

export async function fetchPriceHistory(path: string): Promise<PriceRecord[]> {
  return expectSuccess(await apiClient.get<{ success: boolean; competitorUrl: CompetitorUrlDetail }>(path))
    .competitorUrl.price_data;
}

/** A failure shows in the chart's place; the prices above it are already on screen. */
export function usePriceHistory(competitorUrlId: number) {
  return useSWR(priceHistoryKey(competitorUrlId), fetchPriceHistory);
}
