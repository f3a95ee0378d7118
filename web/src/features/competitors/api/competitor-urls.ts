// All competitor URLs (GET /api/competitor-urls): key, fetcher and hook together.
import type { CompetitorUrl } from '@cmp/shared';
import useSWR, { mutate } from 'swr';
import { apiClient } from '../../../lib/api-client';
import { expectSuccess } from '../../../lib/api-result';
import { notifyError } from '../../../lib/notify';

export const competitorUrlsKey = '/competitor-urls';

export async function fetchCompetitorUrls(): Promise<CompetitorUrl[]> {
  type Answer = { success: boolean; competitorUrls: CompetitorUrl[] };
  return expectSuccess(await apiClient.get<Answer>(competitorUrlsKey)).competitorUrls;
}

export function useCompetitorUrls() {
  return useSWR(competitorUrlsKey, fetchCompetitorUrls, {
    onError: (error) => notifyError(error, 'Failed to fetch competitor URLs'),
  });
}

export const reloadCompetitorUrls = () => mutate(competitorUrlsKey);
