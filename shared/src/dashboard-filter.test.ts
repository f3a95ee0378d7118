import { describe, expect, it } from 'vitest';
import type { ComparisonStatus } from './dashboard';
import { dashboardFilterQuerySchema, filterDashboardProducts } from './dashboard-filter';

const row = (
  sku: string,
  name: string,
  status: ComparisonStatus,
  category_id: number | null,
  hidden = false,
) => ({
  hidden,
  sku,
  name,
  category_id,
  price_comparison: { status },
});

const rows = [
  row('HIGH-1', 'Blue Kettle', 'HIGHER', 3),
  row('LOW-2', 'Red Toaster', 'LOWER', null),
  row('SAME-3', 'Blue Toaster', 'SAME', 4),
  row('NONE-4', 'Green Mug', 'NO_DATA', null),
];
const skus = (filtered: { sku: string }[]) => filtered.map((r) => r.sku);

describe('filterDashboardProducts', () => {
  it('keeps every product, in order, without filters', () => {
    expect(skus(filterDashboardProducts(rows, {}))).toEqual(['HIGH-1', 'LOW-2', 'SAME-3', 'NONE-4']);
  });

  it('filters by status, by category id and by no category', () => {
    expect(skus(filterDashboardProducts(rows, { status: 'NO_DATA' }))).toEqual(['NONE-4']);
    expect(skus(filterDashboardProducts(rows, { category_id: 4 }))).toEqual(['SAME-3']);
    expect(skus(filterDashboardProducts(rows, { category_id: 'none' }))).toEqual(['LOW-2', 'NONE-4']);
  });

  it('needs every search word in the name or SKU, and combines the filters', () => {
    expect(skus(filterDashboardProducts(rows, { search: 'blue TOASTER' }))).toEqual(['SAME-3']);
    expect(skus(filterDashboardProducts(rows, { search: 'toaster', status: 'LOWER' }))).toEqual(['LOW-2']);
    expect(skus(filterDashboardProducts(rows, { search: '  ' }))).toHaveLength(4);
  });
});

describe('dashboardFilterQuerySchema', () => {
  it('reads the query parameters, a category id as a number', () => {
    expect(dashboardFilterQuerySchema.parse({ search: 'kettle', status: 'SAME', category_id: '12' })).toEqual(
      {
        search: 'kettle',
        status: 'SAME',
        category_id: 12,
      },
    );
    expect(dashboardFilterQuerySchema.parse({ category_id: 'none' })).toEqual({ category_id: 'none' });
    expect(dashboardFilterQuerySchema.parse({})).toEqual({});
  });

  it('refuses an unknown status or category with a message naming the parameter', () => {
    expect(dashboardFilterQuerySchema.safeParse({ status: 'lower' }).error?.issues[0]?.message).toBe(
      'status must be LOWER, HIGHER, SAME or NO_DATA',
    );
    expect(dashboardFilterQuerySchema.safeParse({ category_id: 'kitchen' }).error?.issues[0]?.message).toBe(
      "category_id must be a category id or 'none' (no category)",
    );
  });
});
