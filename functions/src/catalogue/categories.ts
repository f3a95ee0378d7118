import type { Category } from '@cmp/shared';
import {
  type CategoryRecord,
  createCategory,
  deleteCategory,
  getCategory,
  listCategories,
  updateCategory,
} from '../data/category.repository';
import { clearProductCategory, listProducts, listProductsInCategory } from '../data/product.repository';
import { NotFoundError } from '../domain/errors';

type CategoryInput = { name: string; description: string | null };

function toCategory(record: CategoryRecord, productCount: number): Category {
  return {
    id: record.id,
    name: record.name,
    description: record.description,
    _count: { products: productCount },
  };
}

/** Categories with their product counts, counted from the catalogue (exact, never a drifting counter). */
export async function getCategoriesWithCounts(): Promise<Category[]> {
  const [categories, products] = await Promise.all([listCategories(), listProducts()]);
  const counts = new Map<number, number>();
  for (const product of products) {
    if (product.category_id !== null)
      counts.set(product.category_id, (counts.get(product.category_id) ?? 0) + 1);
  }
  return categories
    .map((category) => toCategory(category, counts.get(category.id) ?? 0))
    .sort((a, b) => a.name.localeCompare(b.name));
}

async function requireCategory(id: number): Promise<CategoryRecord> {
  const category = await getCategory(id);
  if (!category) throw new NotFoundError(`Category ${id} not found`);
  return category;
}

export async function addCategory(input: CategoryInput): Promise<Category> {
  return toCategory(await createCategory(input), 0);
}

export async function editCategory(id: number, input: CategoryInput): Promise<Category> {
  const updated = await updateCategory(await requireCategory(id), input);
  return toCategory(updated, (await listProductsInCategory(id)).length);
}

/** Deletes a category; its products stay, uncategorised. */
export async function removeCategory(id: number): Promise<void> {
  const category = await requireCategory(id);
  for (const product of await listProductsInCategory(id)) await clearProductCategory(product);
  await deleteCategory(category);
}
