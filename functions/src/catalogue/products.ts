import type { OwnPriceChange, Product, ValidProductInput } from '@cmp/shared';
import { type CategoryRecord, getCategory } from '../data/category.repository';
import { deleteCompetitorUrlItem, listCompetitorUrlsOfProduct } from '../data/competitor-url.repository';
import { deleteOwnPriceChanges, listOwnPriceChanges } from '../data/own-price.repository';
import { deletePriceRecordsOfUrl } from '../data/price-record.repository';
import {
  createProduct,
  deleteProductItem,
  getProduct,
  type ProductRecord,
  productFieldsOf,
  setProductHidden,
  updateProduct,
} from '../data/product.repository';
import { deleteUrlClaims } from '../data/url-claims';
import { InvalidInputError, NotFoundError } from '../domain/errors';
import { catalogueRecords } from './catalogue-records';

/** The product's category; undefined without one, or when it no longer exists (then it shows none). */
export const categoryOf = (
  record: Pick<ProductRecord, 'category_id'>,
  categories: ReadonlyMap<number, CategoryRecord>,
): CategoryRecord | undefined =>
  record.category_id === null ? undefined : categories.get(record.category_id);

/** The API's product: the record plus its category's name (docs/api.md#shapes). */
export function toProduct(record: ProductRecord, categories: ReadonlyMap<number, CategoryRecord>): Product {
  const category = categoryOf(record, categories);
  return {
    id: record.id,
    ...productFieldsOf(record),
    category_id: category ? record.category_id : null,
    category: category ? { id: category.id, name: category.name } : null,
    hidden: record.hidden === true,
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}

export const byId = <T extends { id: number }>(items: readonly T[]) =>
  new Map(items.map((item) => [item.id, item]));

/** The whole catalogue with category names: two queries (plus one per extra 1 MB page), or only what changed. */
export async function getCatalogue(): Promise<Product[]> {
  const records = catalogueRecords();
  const [products, categories] = await Promise.all([records.products(), records.categories()]);
  const categoryById = byId(categories);
  return products.map((product) => toProduct(product, categoryById));
}

export async function requireProduct(id: number): Promise<ProductRecord> {
  const product = await getProduct(id);
  if (!product) throw new NotFoundError(`Product ${id} not found`);
  return product;
}

async function categoryMap(categoryId: number | null): Promise<Map<number, CategoryRecord>> {
  if (categoryId === null) return new Map();
  const category = await getCategory(categoryId);
  if (!category) {
    throw new InvalidInputError(`Category ${categoryId} does not exist`, { field: 'category_id' });
  }
  return new Map([[category.id, category]]);
}

const fieldsOf = (input: ValidProductInput) => ({ ...input, sku: input.sku.trim(), name: input.name.trim() });

export async function addProduct(input: ValidProductInput): Promise<Product> {
  const categories = await categoryMap(input.category_id);
  return toProduct(await createProduct(fieldsOf(input)), categories);
}

/** Changes a product; a changed price is kept in its history as `changedBy`'s (`user:<id>`). */
export async function editProduct(id: number, input: ValidProductInput, changedBy: string): Promise<Product> {
  const [existing, categories] = await Promise.all([requireProduct(id), categoryMap(input.category_id)]);
  return toProduct(await updateProduct(existing, fieldsOf(input), changedBy), categories);
}

export async function toggleProductHidden(id: number): Promise<{ product: Product; message: string }> {
  const existing = await requireProduct(id);
  const updated = await setProductHidden(existing, !existing.hidden);
  const categories = await categoryMap(existing.category_id).catch(() => new Map<number, CategoryRecord>());
  return {
    product: toProduct(updated, categories),
    message: updated.hidden ? 'Product hidden from dashboard' : 'Product visible on dashboard',
  };
}

/**
 * Deletes a product with everything hanging off it: each competitor URL's price records, the
 * URLs, our price's history, then the product. Children go first, so a failure half-way leaves nothing orphaned and a
 * retry finishes the job.
 */
export async function removeProduct(id: number): Promise<void> {
  const product = await requireProduct(id);
  const urls = await listCompetitorUrlsOfProduct(id);
  for (const url of urls) {
    await deletePriceRecordsOfUrl(url.id);
    await deleteCompetitorUrlItem(url);
  }
  await deleteUrlClaims(id);
  await deleteOwnPriceChanges(id);
  await deleteProductItem(product);
}

/** Our own price's changes, oldest first (issue 33); 404 for a product that does not exist. */
export async function ownPriceHistory(id: number): Promise<OwnPriceChange[]> {
  await requireProduct(id);
  return listOwnPriceChanges(id);
}
