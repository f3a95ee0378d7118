// The products table's filters (docs/screens.md#7-products-page): category (all, uncategorized, one), then
// word search ranked (docs/rules.md#5-search-and-ranking).
import { type Product, searchAndRank } from '@cmp/shared';
import { ALL_CATEGORIES, UNCATEGORIZED } from '../../../lib/category-filter';

/** `category` is 'all', 'none' (uncategorized) or a category id as text. */
export function filterProducts(products: readonly Product[], search: string, category: string): Product[] {
  const inCategory = products.filter((product) => {
    if (category === ALL_CATEGORIES) return true;
    if (category === UNCATEGORIZED) return product.category_id === null;
    return String(product.category_id) === category;
  });
  return searchAndRank(inCategory, search);
}
