// Categories (docs/api.md#categories, with product counts): key, fetcher and hook, plus the writes.
import type { Category, CategoryInput } from '@cmp/shared';
import useSWR, { mutate } from 'swr';
import { expectSuccess } from '../lib/api-result';
import { notifyError } from '../lib/notify';
import { call } from './client';
import { keys } from './keys';

export async function fetchCategories(): Promise<Category[]> {
  return expectSuccess(await call('GET /api/categories')).categories;
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
      ? await call('POST /api/categories', { body: input })
      : await call('PUT /api/categories/{id}', { params: { id }, body: input });
  return expectSuccess(body).category;
}

export async function deleteCategory(id: number): Promise<void> {
  expectSuccess(await call('DELETE /api/categories/{id}', { params: { id } }));
}
