// The dashboard's reads (docs/api.md#dashboard): overview figures, the products with their comparison
// (also as a CSV file), and a product's latest AI analysis.
import type { AiAnalysis, DashboardFilters, DashboardProduct, OverviewStats } from '@cmp/shared';
import useSWR from 'swr';
import { expectSuccess } from '../lib/api-result';
import { call, type DownloadedFile, download } from './client';
import { keys } from './keys';
import { type PageOfRows, pageOfAnswer, reloadList, useListPage } from './list-pages';

export async function fetchOverviewStats(): Promise<OverviewStats> {
  return expectSuccess(await call('GET /api/dashboard/overview')).stats;
}

/** A page of the comparison table: `query` holds the page, its size, the filters and the sort (listQuery). */
export async function fetchDashboardPage(
  query: Record<string, string>,
): Promise<PageOfRows<DashboardProduct>> {
  const answer = expectSuccess(await call('GET /api/dashboard/products', { query }));
  return pageOfAnswer(answer.products, answer);
}

export function useDashboardPage(query: Record<string, string> | null) {
  return useListPage(
    'GET /api/dashboard/products',
    query,
    fetchDashboardPage,
    'Failed to load dashboard data',
  );
}

/** Every page of the comparison table fetched again (after a save, a delete, a hide, a run). */
export const reloadDashboardPages = () => reloadList('GET /api/dashboard/products');

async function fetchAiAnalysis(id: number): Promise<AiAnalysis | null> {
  return expectSuccess(await call('GET /api/dashboard/products/{id}/ai-analysis', { params: { id } }))
    .analysis;
}

/** Loads nothing while `productId` is null (the dialog is closed); the dialog shows its own failure state. */
export function useAiAnalysis(productId: number | null) {
  return useSWR(productId === null ? null : keys.aiAnalysis(productId), ([, id]) => fetchAiAnalysis(id));
}

/** The comparison table as a CSV file, with the rows `filters` keep (the table's current filters). */
export function exportDashboardCsv({
  search,
  status,
  category_id,
}: DashboardFilters): Promise<DownloadedFile> {
  const query: Record<string, string> = {};
  if (search) query.search = search;
  if (status) query.status = status;
  if (category_id !== undefined) query.category_id = String(category_id);
  return download('GET /api/dashboard/export.csv', { query });
}
