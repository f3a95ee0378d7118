// Product writes (docs/api.md#products): create, update, delete, toggle visibility, CSV import.
import type { ImportResult, Product, ProductInput } from '@cmp/shared';
import { apiClient } from '../../../lib/api-client';
import { expectSuccess } from '../../../lib/api-result';
import { csvUploadBody } from '../../../lib/csv-file';

type ProductResponse = { success: boolean; product: Product };

/** Creates when `id` is undefined, else updates. */
export async function saveProduct(input: ProductInput, id?: number): Promise<Product> {
  const body =
    id === undefined
      ? await apiClient.post<ProductResponse>('/products', input)
      : await apiClient.put<ProductResponse>(`/products/${id}`, input);
  return expectSuccess(body).product;
}

export async function deleteProduct(id: number): Promise<void> {
  expectSuccess(await apiClient.delete<{ success: boolean }>(`/products/${id}`));
}

/** Resolves with the server's message ('Product hidden from dashboard' / 'Product visible on dashboard'). */
export async function toggleProductHidden(id: number): Promise<string> {
  const body = expectSuccess(
    await apiClient.patch<{ success: boolean; message: string }>(`/products/${id}/toggle-hidden`),
  );
  return body.message;
}

export async function importProducts(file: File): Promise<ImportResult> {
  return expectSuccess(await apiClient.post<ImportResult>('/products/import', csvUploadBody(file)));
}
