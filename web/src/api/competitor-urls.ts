// Competitor URLs (docs/api.md#competitor-urls): all of them, one product's, one with its price records;
// the writes (a delete takes the URL's price data with it); 'Check now' and the decision on a held price;
// all of them with their last check as a CSV file.
import type { CompetitorUrl, CompetitorUrlDetail, CompetitorUrlInput } from '@cmp/shared';
import useSWR, { mutate, type SWRConfiguration } from 'swr';
import { expectSuccess } from '../lib/api-result';
import { notifyError } from '../lib/notify';
import { call, type DownloadedFile, download } from './client';
import { reloadDashboardPages } from './dashboard';
import { type ImportAnswer, importBody } from './imports';
import { keys } from './keys';
import { type PageOfRows, pageOfAnswer, reloadList, useListPage } from './list-pages';

/** A page of the competitor URLs: `query` holds the page, its size, the filters and the sort (listQuery). */
export async function fetchCompetitorUrlPage(
  query: Record<string, string>,
): Promise<PageOfRows<CompetitorUrl>> {
  const answer = expectSuccess(await call('GET /api/competitor-urls', { query }));
  return pageOfAnswer(answer.competitorUrls, answer);
}

export function useCompetitorUrlPage(query: Record<string, string> | null) {
  return useListPage(
    'GET /api/competitor-urls',
    query,
    fetchCompetitorUrlPage,
    'Failed to fetch competitor URLs',
  );
}

/** Every page of the competitor URLs fetched again (after a change to one). */
export const reloadCompetitorUrls = () => reloadList('GET /api/competitor-urls');

/** One product's competitor URLs (the dashboard's edit dialog). */
export function useProductCompetitorUrls(productId: number) {
  return useSWR(keys.productCompetitorUrls(productId), ([, id]) => fetchProductCompetitorUrls(id), {
    onError: (error) => notifyError(error, 'Failed to fetch competitors'),
  });
}

async function fetchProductCompetitorUrls(productId: number): Promise<CompetitorUrl[]> {
  return expectSuccess(await call('GET /api/competitor-urls/product/{productId}', { params: { productId } }))
    .competitorUrls;
}

async function fetchCompetitorUrl(id: number): Promise<CompetitorUrlDetail> {
  return expectSuccess(await call('GET /api/competitor-urls/{id}', { params: { id } })).competitorUrl;
}

/**
 * One competitor URL with its price records, newest first; loads nothing while `id` is null (a closed
 * dialog). Each screen says in `config` how it shows a failure.
 */
export function useCompetitorUrl(id: number | null, config?: SWRConfiguration<CompetitorUrlDetail>) {
  return useSWR(
    id === null ? null : keys.competitorUrl(id),
    ([, urlId]) => fetchCompetitorUrl(urlId),
    config,
  );
}

/** Several competitor URLs with their price records (a product's price chart); nothing while `ids` is empty. */
export function useCompetitorUrlHistories(
  ids: readonly number[],
  config?: SWRConfiguration<CompetitorUrlDetail[]>,
) {
  return useSWR(
    ids.length === 0 ? null : keys.competitorUrlHistories(ids),
    ([, urlIds]) => Promise.all(urlIds.map((id) => fetchCompetitorUrl(id))),
    config,
  );
}

/** Creates when `id` is undefined, else updates. */
export async function saveCompetitorUrl(input: CompetitorUrlInput, id?: number): Promise<CompetitorUrl> {
  const body =
    id === undefined
      ? await call('POST /api/competitor-urls', { body: input })
      : await call('PUT /api/competitor-urls/{id}', { params: { id }, body: input });
  return expectSuccess(body).competitorUrl;
}

export async function deleteCompetitorUrl(id: number): Promise<void> {
  expectSuccess(await call('DELETE /api/competitor-urls/{id}', { params: { id } }));
}

export async function importCompetitorUrls(file: File): Promise<ImportAnswer> {
  return expectSuccess(
    await call('POST /api/competitor-urls/import', { body: await importBody('competitor-urls', file) }),
  );
}

/** 'Check now': starts a price check of this URL alone; resolves with the server's message ('Check started'). */
export async function checkCompetitorUrl(id: number): Promise<string> {
  return expectSuccess(await call('POST /api/competitor-urls/{id}/check', { params: { id }, body: {} }))
    .message;
}

/**
 * 'Accept price' or 'Reject' for the price the check at `checkedAt` (its `last_check.checked_at`) held
 * for review; rejects with the server's 409 once that price no longer waits.
 */
export async function decideHeldPrice(
  id: number,
  decision: 'accept' | 'reject',
  checkedAt: string,
): Promise<CompetitorUrl> {
  const request = { params: { id }, body: { checked_at: checkedAt } };
  return expectSuccess(
    decision === 'accept'
      ? await call('POST /api/competitor-urls/{id}/accept-price', request)
      : await call('POST /api/competitor-urls/{id}/reject-price', request),
  ).competitorUrl;
}

/** After a URL's prices changed: the lists, its detail and the dashboard's comparison reload. */
export const reloadCompetitorPrices = (id: number) =>
  Promise.all([reloadCompetitorUrls(), mutate(keys.competitorUrl(id)), reloadDashboardPages()]);

/** Every competitor URL with its product, last check and accepted price, as a CSV file. */
export const exportCompetitorUrlsCsv = (): Promise<DownloadedFile> =>
  download('GET /api/competitor-urls/export.csv');

/** Every price the URL's latest check that read the page considered ('Not the right price?'). */
export async function fetchPriceCandidates(id: number) {
  return expectSuccess(await call('GET /api/competitor-urls/{id}/price-candidates', { params: { id } }));
}

/** Pins one of those prices: later checks read the price at its place first. */
export async function pinPrice(id: number, candidateId: number): Promise<CompetitorUrl> {
  return expectSuccess(
    await call('PUT /api/competitor-urls/{id}/price-pin', {
      params: { id },
      body: { candidate_id: candidateId },
    }),
  ).competitorUrl;
}

/** Removes the URL's pin: checks weigh the page's prices again. */
export async function unpinPrice(id: number): Promise<CompetitorUrl> {
  return expectSuccess(await call('DELETE /api/competitor-urls/{id}/price-pin', { params: { id } }))
    .competitorUrl;
}
