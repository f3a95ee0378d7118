// Categories (GET /api/categories with product counts): key, fetcher and hook, plus the writes.
import type { Category, CategoryInput } from '@cmp/shared';
import useSWR, { mutate } from 'swr';
import { apiClient } from '../../../lib/api-client';
import { expectSuccess } from '../../../lib/api-result';
import { notifyError } from '../../../lib/notify';

export const categoriesKey = '/categories';

export async function fetchCategories(): Promise<Category[]> {
  const body = expectSuccess(
    await apiClient.get<{ success: boolean; categories: Category[] }>(categoriesKey),
  );
  return body.categories;
}

export function useCategories() {
  return useSWR(categoriesKey, fetchCategories, {
    onError: (error) => notifyError(error, 'Failed to fetch categories'),
  });
}

export const reloadCategories = () => mutate(categoriesKey);

/** Creates when `id` is undefined, else updates. */
export async function saveCategory(input: CategoryInput, id?: number): Promise<Category> {
  type CategoryResponse = { success: boolean; category: Category };
  const body =
    id === undefined
      ? await apiClient.post<CategoryResponse>(categoriesKey, input)
      : await apiClient.put<CategoryResponse>(`${categoriesKey}/${id}`, input);
  return expectSuccess(body).category;
}

export async function deleteCategory(id: number): Promise<void> {
  expectSuccess(await apiClient.delete<{ success: boolean }>(`${categoriesKey}/${id}`));
}
