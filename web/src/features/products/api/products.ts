// The catalogue list (GET /api/products): key, fetcher and hook together.
import type { Product } from '@cmp/shared';
import useSWR, { mutate } from 'swr';
import { apiClient } from '../../../lib/api-client';
import { expectSuccess } from '../../../lib/api-result';
import { notifyError } from '../../../lib/notify';

export const productsKey = '/products';

export async function fetchProducts(): Promise<Product[]> {
  const body = expectSuccess(await apiClient.get<{ success: boolean; products: Product[] }>(productsKey));
  return body.products;
}

export function useProducts() {
  return useSWR(productsKey, fetchProducts, {
    onError: (error) => notifyError(error, 'Failed to fetch products'),
  });
}

export const reloadProducts = () => mutate(productsKey);
