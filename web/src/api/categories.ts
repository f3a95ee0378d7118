// Categories (docs/api.md#categories, with product counts): key, fetcher and hook, plus the writes.
import type { Category, CategoryInput } from '@cmp/shared';
import useSWR, { mutate } from 'swr';
import { expectSuccess } from '../lib/api-result';
import { notifyError } from '../lib/notify';
import { type Ack, type Answer, apiClient } from './client';
import { keys } from './keys';

export async function fetchCategories(): Promise<Category[]> {
  return expectSuccess(await apiClient.get<Answer<'categories', Category[]>>(keys.categories)).categories;
}

export function useCategories() {
  return useSWR(keys.categories, fetchCategories, {
    onError: (error) => notifyError(error, 'Failed to fetch categories'),
  });
}

export const reloadCategories = () => mutate(keys.categories);

/** Creates when `id` is undefined, else updates. */
export async function saveCategory(input: CategoryInput, id?: number): Promise<Category> {
  const body =
    id === undefined
      ? await apiClient.post<Answer<'category', Category>>('/categories', input)
      : await apiClient.put<Answer<'category', Category>>(`/categories/${id}`, input);
  return expectSuccess(body).category;
}

export async function deleteCategory(id: number): Promise<void> {
  expectSuccess(await apiClient.delete<Ack>(`/categories/${id}`));
}
