// The products to attach a competitor URL to. Same swr key and value shape (Product[]) as the products
// feature's list, so both pages share one cached catalogue without importing each other.
import type { Product } from '@cmp/shared';
import useSWR from 'swr';
import { apiClient } from '../../../lib/api-client';
import { expectSuccess } from '../../../lib/api-result';
import { notifyError } from '../../../lib/notify';

export const productOptionsKey = '/products';

export async function fetchProductOptions(): Promise<Product[]> {
  return expectSuccess(await apiClient.get<{ success: boolean; products: Product[] }>(productOptionsKey))
    .products;
}

export function useProductOptions() {
  return useSWR(productOptionsKey, fetchProductOptions, {
    onError: (error) => notifyError(error, 'Failed to fetch products'),
  });
}
