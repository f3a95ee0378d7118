import type { ComparisonStatus } from '@cmp/shared';
import { describe, expect, it } from 'vitest';
import {
  comparisonPageQuery,
  competitorsWithDataText,
  dashboardFilters,
  differenceText,
  googleSearchUrl,
  marginText,
  POPUP_FEATURES,
  statusLabel,
} from './comparison-view';

const all = { search: '', status: 'all', category: 'all' };
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

describe('comparisonPageQuery', () => {
  it('asks for a page of 20 with the filters that are on and the sort, in a fixed order', () => {
    expect(comparisonPageQuery(all, null, 1)).toEqual({ page: '1', page_size: '20' });
    expect(
      comparisonPageQuery(
        { search: 'kettle', status: 'HIGHER', category: 'none' },
        { column: 'difference', direction: 'desc' },
        3,
      ),
    ).toEqual({
      category_id: 'none',
      order: 'desc',
      page: '3',
      page_size: '20',
      search: 'kettle',
      sort: 'difference',
      status: 'HIGHER',
    });
    expect(Object.keys(comparisonPageQuery({ ...all, search: 'a', category: '7' }, null, 2))).toEqual([
      'category_id',
      'page',
      'page_size',
      'search',
    ]);
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
