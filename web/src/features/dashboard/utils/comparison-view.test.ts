import type { ComparisonStatus, DashboardProduct } from '@cmp/shared';
import { describe, expect, it } from 'vitest';
import {
  competitorsWithDataText,
  dashboardFilters,
  differenceText,
  filterComparison,
  googleSearchUrl,
  marginText,
  nextSort,
  POPUP_FEATURES,
  sortComparison,
  statusLabel,
} from './comparison-view';

function product(
  sku: string,
  status: ComparisonStatus,
  difference: number | null,
  extra: Partial<DashboardProduct> = {},
): DashboardProduct {
  return {
    id: Number(sku.replace(/\D/g, '')) || 1,
    sku,
    name: `Product ${sku}`,
    current_price: 10,
    cost: 5,
    gtin: null,
    mpn: null,
    category_id: null,
    category: null,
    hidden: false,
    created_at: '2026-11-01T00:00:00Z',
    updated_at: '2026-11-01T00:00:00Z',
    price_comparison: {
      status,
      price_difference: difference,
      price_difference_percentage: difference,
      lowest_competitor_price: difference === null ? null : 10 - difference,
      competitor_count: 0,
      competitors_with_data: 0,
      competitor_prices: [],
      latest_ai_analysis: null,
    },
    bestCompetitor: null,
    ...extra,
  };
}

const all = { search: '', status: 'all', category: 'all' };
const skus = (rows: DashboardProduct[]) => rows.map((row) => row.sku);
const fmt = (amount: number | null) => (amount === null ? 'N/A' : `£${amount.toFixed(2)}`);

describe('dashboardFilters', () => {
  it("leaves out what is 'all' or blank, and reads a category id as a number", () => {
    expect(dashboardFilters(all)).toEqual({});
    expect(dashboardFilters({ search: ' kettle ', status: 'HIGHER', category: '7' })).toEqual({
      search: ' kettle ',
      status: 'HIGHER',
      category_id: 7,
    });
    expect(dashboardFilters({ ...all, search: '  ', category: 'none' })).toEqual({ category_id: 'none' });
  });
});

describe('filterComparison', () => {
  const rows = [
    product('HIGH-1', 'HIGHER', 5, { name: 'Blue Kettle', category_id: 3 }),
    product('LOW-2', 'LOWER', -1, { name: 'Red Toaster' }),
    product('SAME-3', 'SAME', 0, { name: 'Blue Toaster', category_id: 4 }),
    product('NONE-4', 'NO_DATA', null, { name: 'Green Mug' }),
  ];

  it('keeps everything with no filter', () => {
    expect(skus(filterComparison(rows, all))).toEqual(['HIGH-1', 'LOW-2', 'SAME-3', 'NONE-4']);
  });

  it('filters by status', () => {
    expect(skus(filterComparison(rows, { ...all, status: 'NO_DATA' }))).toEqual(['NONE-4']);
    expect(skus(filterComparison(rows, { ...all, status: 'LOWER' }))).toEqual(['LOW-2']);
  });

  it('filters by category, with uncategorized as its own choice', () => {
    expect(skus(filterComparison(rows, { ...all, category: '4' }))).toEqual(['SAME-3']);
    expect(skus(filterComparison(rows, { ...all, category: 'none' }))).toEqual(['LOW-2', 'NONE-4']);
  });

  it('needs every word of the search in the name or the SKU, ignoring case', () => {
    expect(skus(filterComparison(rows, { ...all, search: 'blue TOASTER' }))).toEqual(['SAME-3']);
    expect(skus(filterComparison(rows, { ...all, search: 'toaster low' }))).toEqual(['LOW-2']);
    expect(skus(filterComparison(rows, { ...all, search: '   ' }))).toHaveLength(4);
  });

  it('combines the filters', () => {
    expect(skus(filterComparison(rows, { search: 'toaster', status: 'SAME', category: 'all' }))).toEqual([
      'SAME-3',
    ]);
  });
});

describe('sorting', () => {
  const rows = [
    product('A1', 'HIGHER', 5),
    product('B2', 'NO_DATA', null),
    product('C3', 'LOWER', -2),
    product('D4', 'SAME', 0),
    product('E5', 'HIGHER', 1),
  ];

  it('starts a column ascending and flips it on the next click', () => {
    const first = nextSort(null, 'difference');
    const second = nextSort(first, 'difference');
    const other = nextSort(second, 'status');

    expect(first).toEqual({ column: 'difference', direction: 'asc' });
    expect(second).toEqual({ column: 'difference', direction: 'desc' });
    expect(other).toEqual({ column: 'status', direction: 'asc' });
  });

  it('sorts by difference either way, keeping products without data last', () => {
    expect(skus(sortComparison(rows, { column: 'difference', direction: 'asc' }))).toEqual([
      'C3',
      'D4',
      'E5',
      'A1',
      'B2',
    ]);
    expect(skus(sortComparison(rows, { column: 'difference', direction: 'desc' }))).toEqual([
      'A1',
      'E5',
      'D4',
      'C3',
      'B2',
    ]);
  });

  it('sorts by status from lower to higher, ties in their original order', () => {
    expect(skus(sortComparison(rows, { column: 'status', direction: 'asc' }))).toEqual([
      'C3',
      'D4',
      'A1',
      'E5',
      'B2',
    ]);
    expect(skus(sortComparison(rows, { column: 'status', direction: 'desc' }))).toEqual([
      'A1',
      'E5',
      'D4',
      'C3',
      'B2',
    ]);
  });

  it('leaves the order alone without a sort and never changes its input', () => {
    const copy = [...rows];
    sortComparison(rows, { column: 'difference', direction: 'asc' });

    expect(skus(sortComparison(rows, null))).toEqual(['A1', 'B2', 'C3', 'D4', 'E5']);
    expect(rows).toEqual(copy);
  });
});

describe('cell texts', () => {
  it('shows the margin as an amount and a percent of cost to one decimal', () => {
    expect(marginText(50, 40, fmt)).toEqual({ amount: '£10.00', percent: '25.0%' });
    expect(marginText(10, 3, fmt)).toEqual({ amount: '£7.00', percent: '233.3%' });
  });

  it('shows a 0.0% margin when cost is zero or missing', () => {
    expect(marginText(10, 0, fmt)).toEqual({ amount: '£10.00', percent: '0.0%' });
    expect(marginText(10, null, fmt)).toEqual({ amount: 'N/A', percent: '0.0%' });
  });

  it('signs the difference and its percent, and has none without data', () => {
    expect(differenceText(5, 11.11, fmt)).toEqual({ amount: '+£5.00', percent: '+11.1%' });
    expect(differenceText(-1, -5, fmt)).toEqual({ amount: '-£1.00', percent: '-5.0%' });
    expect(differenceText(0, 0, fmt)).toEqual({ amount: '£0.00', percent: '0.0%' });
    expect(differenceText(2, null, fmt)).toEqual({ amount: '+£2.00', percent: null });
    expect(differenceText(null, null, fmt)).toBeNull();
  });

  it('names statuses as the filter does and counts competitors with data', () => {
    expect(['LOWER', 'HIGHER', 'SAME', 'NO_DATA'].map((s) => statusLabel(s as ComparisonStatus))).toEqual([
      'Lower Price',
      'Higher Price',
      'Same Price',
      'No Data',
    ]);
    expect(competitorsWithDataText(1, 3)).toBe('1 of 3 with data');
  });
});

describe('new windows', () => {
  it('searches Google for the SKU and the name, URL-encoded', () => {
    expect(googleSearchUrl({ sku: 'K-1', name: 'Kettle & Co 1.7L' })).toBe(
      'https://www.google.com/search?q=K-1%20Kettle%20%26%20Co%201.7L',
    );
  });

  it('opens popups at 1200x800, offset 100', () => {
    expect(POPUP_FEATURES).toBe('width=1200,height=800,left=100,top=100');
  });
});
