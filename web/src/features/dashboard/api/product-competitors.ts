// One product's competitor URLs for the edit dialog (GET /api/competitor-urls/product/{id}), plus
// adding and deleting one.
import type { CompetitorUrl } from '@cmp/shared';
import useSWR from 'swr';
import { apiClient } from '../../../lib/api-client';
import { expectSuccess } from '../../../lib/api-result';
import { notifyError } from '../../../lib/notify';

export const productCompetitorsKey = (productId: number) => `/competitor-urls/product/${productId}`;

export async function fetchProductCompetitors(path: string): Promise<CompetitorUrl[]> {
  return expectSuccess(await apiClient.get<{ success: boolean; competitorUrls: CompetitorUrl[] }>(path))
    .competitorUrls;
}

export function useProductCompetitors(productId: number) {
  return useSWR(productCompetitorsKey(productId), fetchProductCompetitors, {
    onError: (error) => notifyError(error, 'Failed to fetch competitors'),
  });
}

export async function addCompetitor(input: {
  product_id: number;
  competitor_name: string;
  url: string;
}): Promise<void> {
  expectSuccess(await apiClient.post<{ success: boolean }>('/competitor-urls', input));
}

export async function deleteCompetitor(id: number): Promise<void> {
  expectSuccess(await apiClient.delete<{ success: boolean }>(`/competitor-urls/${id}`));
}
