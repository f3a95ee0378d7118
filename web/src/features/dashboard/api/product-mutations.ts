// The dashboard's product writes (docs/api.md#products): update from the edit dialog, hide, delete.
import type { ProductInput } from '@cmp/shared';
import { apiClient } from '../../../lib/api-client';
import { expectSuccess } from '../../../lib/api-result';

export async function updateProduct(id: number, input: ProductInput): Promise<void> {
  expectSuccess(await apiClient.put<{ success: boolean }>(`/products/${id}`, input));
}

/** Resolves with the server's message (e.g. 'Product hidden from dashboard'). */
export async function hideProduct(id: number): Promise<string> {
  return expectSuccess(
    await apiClient.patch<{ success: boolean; message: string }>(`/products/${id}/toggle-hidden`),
  ).message;
}

export async function deleteProduct(id: number): Promise<void> {
  expectSuccess(await apiClient.delete<{ success: boolean }>(`/products/${id}`));
}
