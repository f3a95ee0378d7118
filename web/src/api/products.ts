// Products (docs/api.md#products): the catalogue list (key, fetcher, hook), every product write, our
// price's changes, and a product's price history as a CSV file.
import type { Product, ProductImportPreview, ProductInput } from '@cmp/shared';
import useSWR from 'swr';
import { expectSuccess } from '../lib/api-result';
import { call, type DownloadedFile, download } from './client';
import { type ImportAnswer, importBody } from './imports';
import { keys } from './keys';
import { type PageOfRows, pageOfAnswer, reloadList, useListPage } from './list-pages';

/** A page of the catalogue: `query` holds the page, its size, the search, the category and the sort (listQuery). */
export async function fetchProductPage(query: Record<string, string>): Promise<PageOfRows<Product>> {
  const answer = expectSuccess(await call('GET /api/products', { query }));
  return pageOfAnswer(answer.products, answer);
}

/** A page of the catalogue, shared by the Products page and the product choices (a competitor URL's, the alerts'). */
export function useProductPage(query: Record<string, string> | null) {
  return useListPage('GET /api/products', query, fetchProductPage, 'Failed to fetch products');
}

/** Every page of the catalogue fetched again (after a product, category or import change). */
export const reloadProducts = () => reloadList('GET /api/products');

/** Creates when `id` is undefined, else updates. */
export async function saveProduct(input: ProductInput, id?: number): Promise<Product> {
  const body =
    id === undefined
      ? await call('POST /api/products', { body: input })
      : await call('PUT /api/products/{id}', { params: { id }, body: input });
  return expectSuccess(body).product;
}

export async function deleteProduct(id: number): Promise<void> {
  expectSuccess(await call('DELETE /api/products/{id}', { params: { id } }));
}

/** Resolves with the server's message ('Product hidden from dashboard' / 'Product visible on dashboard'). */
export async function toggleProductHidden(id: number): Promise<string> {
  return expectSuccess(await call('PATCH /api/products/{id}/toggle-hidden', { params: { id } })).message;
}

export async function importProducts(file: File): Promise<ImportAnswer> {
  return expectSuccess(await call('POST /api/products/import', { body: await importBody('products', file) }));
}

/** What importing the file would do; writes nothing. */
export async function previewProductImport(file: File): Promise<ProductImportPreview> {
  return expectSuccess(
    await call('POST /api/products/import/preview', { body: await importBody('products', file) }),
  );
}

/** Our own price's changes, oldest first: the price charts draw them as our line. */
export function useOwnPriceHistory(productId: number) {
  return useSWR(
    keys.ownPriceHistory(productId),
    async ([, id]) =>
      expectSuccess(await call('GET /api/products/{id}/price-history', { params: { id } })).own_prices,
  );
}

/** Every kept check of the product's competitor URLs and every change of our price, newest first, as a CSV file. */
export const downloadPriceHistoryCsv = (id: number): Promise<DownloadedFile> =>
  download('GET /api/products/{id}/price-history.csv', { params: { id } });
