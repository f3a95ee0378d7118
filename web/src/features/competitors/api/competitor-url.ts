// One competitor URL with its price records, newest first (GET /api/competitor-urls/{id}).
import type { CompetitorUrlDetail } from '@cmp/shared';
import useSWR from 'swr';
import { apiClient } from '../../../lib/api-client';
import { expectSuccess } from '../../../lib/api-result';
import { notifyError } from '../../../lib/notify';

export const competitorUrlKey = (id: number) => `/competitor-urls/${id}`;

export async function fetchCompetitorUrl(path: string): Promise<CompetitorUrlDetail> {
  type Answer = { success: boolean; competitorUrl: CompetitorUrlDetail };
  return expectSuccess(await apiClient.get<Answer>(path)).competitorUrl;
}

/** Loads nothing while `id` is null (the price dialog is closed). */
export function useCompetitorUrl(id: number | null) {
  return useSWR(id === null ? null : competitorUrlKey(id), fetchCompetitorUrl, {
    onError: (error) => notifyError(error, 'Failed to fetch competitor prices'),
  });
}
