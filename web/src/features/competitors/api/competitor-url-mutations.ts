// Competitor URL writes (docs/api.md#competitor-urls): create, update, delete (its price data goes too),
// CSV import.
import type { CompetitorUrl, CompetitorUrlInput, ImportResult } from '@cmp/shared';
import { apiClient } from '../../../lib/api-client';
import { expectSuccess } from '../../../lib/api-result';
import { csvUploadBody } from '../../../lib/csv-file';

type Answer = { success: boolean; competitorUrl: CompetitorUrl };

/** Creates when `id` is undefined, else updates. */
export async function saveCompetitorUrl(input: CompetitorUrlInput, id?: number): Promise<CompetitorUrl> {
  const body =
    id === undefined
      ? await apiClient.post<Answer>('/competitor-urls', input)
      : await apiClient.put<Answer>(`/competitor-urls/${id}`, input);
  return expectSuccess(body).competitorUrl;
}

export async function deleteCompetitorUrl(id: number): Promise<void> {
  expectSuccess(await apiClient.delete<{ success: boolean }>(`/competitor-urls/${id}`));
}

export async function importCompetitorUrls(file: File): Promise<ImportResult> {
  return expectSuccess(await apiClient.post<ImportResult>('/competitor-urls/import', csvUploadBody(file)));
}
