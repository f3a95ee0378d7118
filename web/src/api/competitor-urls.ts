// Competitor URLs (docs/api.md#competitor-urls): all of them, one product's, one with its price records;
// and the writes (a delete takes the URL's price data with it).
import type { CompetitorUrl, CompetitorUrlDetail, CompetitorUrlInput, ImportResult } from '@cmp/shared';
import useSWR, { mutate, type SWRConfiguration } from 'swr';
import { expectSuccess } from '../lib/api-result';
import { csvUploadBody } from '../lib/csv-file';
import { notifyError } from '../lib/notify';
import { type Ack, type Answer, apiClient } from './client';
import { keys } from './keys';

async function fetchList(path: string): Promise<CompetitorUrl[]> {
  return expectSuccess(await apiClient.get<Answer<'competitorUrls', CompetitorUrl[]>>(path)).competitorUrls;
}

export function useCompetitorUrls() {
  return useSWR(keys.competitorUrls, fetchList, {
    onError: (error) => notifyError(error, 'Failed to fetch competitor URLs'),
  });
}

export const reloadCompetitorUrls = () => mutate(keys.competitorUrls);

/** One product's competitor URLs (the dashboard's edit dialog). */
export function useProductCompetitorUrls(productId: number) {
  return useSWR(keys.productCompetitorUrls(productId), fetchList, {
    onError: (error) => notifyError(error, 'Failed to fetch competitors'),
  });
}

async function fetchCompetitorUrl(path: string): Promise<CompetitorUrlDetail> {
  return expectSuccess(await apiClient.get<Answer<'competitorUrl', CompetitorUrlDetail>>(path)).competitorUrl;
}

/**
 * One competitor URL with its price records, newest first; loads nothing while `id` is null (a closed
 * dialog). Each screen says in `config` how it shows a failure.
 */
export function useCompetitorUrl(id: number | null, config?: SWRConfiguration<CompetitorUrlDetail>) {
  return useSWR(id === null ? null : keys.competitorUrl(id), fetchCompetitorUrl, config);
}

/** Creates when `id` is undefined, else updates. */
export async function saveCompetitorUrl(input: CompetitorUrlInput, id?: number): Promise<CompetitorUrl> {
  type Saved = Answer<'competitorUrl', CompetitorUrl>;
  const body =
    id === undefined
      ? await apiClient.post<Saved>('/competitor-urls', input)
      : await apiClient.put<Saved>(`/competitor-urls/${id}`, input);
  return expectSuccess(body).competitorUrl;
}

export async function deleteCompetitorUrl(id: number): Promise<void> {
  expectSuccess(await apiClient.delete<Ack>(`/competitor-urls/${id}`));
}

export async function importCompetitorUrls(file: File): Promise<ImportResult> {
  return expectSuccess(await apiClient.post<ImportResult>('/competitor-urls/import', csvUploadBody(file)));
}
