import type { Product } from '@cmp/shared';
import { describe, expect, it } from 'vitest';
import { ALL_CATEGORIES, UNCATEGORIZED } from '../../../lib/category-filter';
import { filterProducts } from './filter-products';

const product = (id: number, name: string, sku: string, category_id: number | null): Product => ({
  id,
  name,
  sku,
  category_id,
  category: category_id === null ? null : { id: category_id, name: `C${category_id}` },
  current_price: 10,
  cost: null,
  gtin: null,
  mpn: null,
  hidden: false,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});

const catalogue = [
  product(1, 'Steel Kettle', 'ST-1', 1),
  product(2, 'Kettle', 'K-1', null),
  product(3, 'Toaster', 'T-1', 1),
  product(4, 'Kettle Deluxe', 'K-2', 2),
];

const ids = (list: Product[]) => list.map((p) => p.id);

describe('filterProducts', () => {
  it('keeps everything in order for all categories and no search', () => {
    expect(ids(filterProducts(catalogue, '', ALL_CATEGORIES))).toEqual([1, 2, 3, 4]);
  });

  it('filters uncategorized and one category', () => {
    expect(ids(filterProducts(catalogue, '', UNCATEGORIZED))).toEqual([2]);
    expect(ids(filterProducts(catalogue, '', '1'))).toEqual([1, 3]);
  });

  it('ranks search results within the category', () => {
    expect(ids(filterProducts(catalogue, 'kettle', ALL_CATEGORIES))).toEqual([2, 4, 1]);
    expect(ids(filterProducts(catalogue, 'kettle', '1'))).toEqual([1]);
  });
});
