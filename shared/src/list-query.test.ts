import { describe, expect, it } from 'vitest';
import type { CompetitorUrl, Product } from './catalogue';
import type { CheckOutcomeKind } from './check-outcome';
import type { ComparisonStatus, DashboardProduct } from './dashboard';
import {
  asksForPage,
  competitorUrlListQuerySchema,
  competitorUrlListRows,
  dashboardListQuerySchema,
  dashboardListRows,
  pageOf,
  productListQuerySchema,
  productListRows,
} from './list-query';
import { nextSort } from './table-sort';

function dashboardRow(
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
    brand: null,
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

const skus = (rows: readonly { sku: string }[]) => rows.map((row) => row.sku);
const ids = (rows: readonly { id: number }[]) => rows.map((row) => row.id);

describe('the list queries', () => {
  it("read the page, its size, the order and each list's filters from text", () => {
    expect(
      dashboardListQuerySchema.parse({
        page: '2',
        page_size: '50',
        sort: 'difference',
        order: 'desc',
        status: 'LOWER',
        show_hidden: 'true',
      }),
    ).toEqual({
      page: 2,
      page_size: 50,
      sort: 'difference',
      order: 'desc',
      status: 'LOWER',
      show_hidden: true,
    });
    expect(productListQuerySchema.parse({ category_id: 'none', search: 'kettle' })).toEqual({
      category_id: 'none',
      search: 'kettle',
    });
    expect(
      competitorUrlListQuerySchema.parse({ product_id: '7', outcome: 'failing', host: 'argos.co.uk' }),
    ).toEqual({ product_id: 7, outcome: 'failing', host: 'argos.co.uk' });
  });

  it('refuse a page, a size, a sort or a filter they do not know, saying what is allowed', () => {
    const message = (result: { error?: { issues: { message: string }[] } }) =>
      result.error?.issues[0]?.message;

    expect(message(productListQuerySchema.safeParse({ page: '0' }))).toBe(
      'page must be a whole number from 1',
    );
    expect(message(productListQuerySchema.safeParse({ page: '1.5' }))).toBe(
      'page must be a whole number from 1',
    );
    expect(message(productListQuerySchema.safeParse({ page_size: '101' }))).toBe(
      'page_size must be a whole number from 1 to 100',
    );
    expect(message(productListQuerySchema.safeParse({ page_size: '0' }))).toBe(
      'page_size must be a whole number from 1 to 100',
    );
    expect(message(dashboardListQuerySchema.safeParse({ sort: 'price' }))).toBe(
      'sort must be one of difference, status, name, sku',
    );
    expect(message(competitorUrlListQuerySchema.safeParse({ sort: 'lastCheck' }))).toBe(
      'sort must be one of product, competitor, last_check',
    );
    expect(message(dashboardListQuerySchema.safeParse({ order: 'up' }))).toBe('order must be asc or desc');
    expect(message(dashboardListQuerySchema.safeParse({ show_hidden: '1' }))).toBe(
      'show_hidden must be true or false',
    );
    expect(message(competitorUrlListQuerySchema.safeParse({ outcome: 'broken' }))).toMatch(
      /^outcome must be one of ok, .*failing, never$/,
    );
  });

  it('ask for a page when either paging parameter is there, page 1 of 20 by default', () => {
    const rows = Array.from({ length: 45 }, (_, i) => i + 1);

    expect(asksForPage({})).toBe(false);
    expect(asksForPage({ page_size: 10 })).toBe(true);
    expect(pageOf(rows, {})).toEqual({ rows: rows.slice(0, 20), total: 45, page: 1, page_size: 20 });
    expect(pageOf(rows, { page: 3 }).rows).toEqual([41, 42, 43, 44, 45]);
    expect(pageOf(rows, { page: 4, page_size: 15 })).toEqual({ rows: [], total: 45, page: 4, page_size: 15 });
  });
});

describe('the dashboard list', () => {
  const rows = [
    dashboardRow('A1', 'HIGHER', 5, { name: 'Zebra mug' }),
    dashboardRow('B2', 'NO_DATA', null, { name: 'apple jug' }),
    dashboardRow('C3', 'LOWER', -2, { name: 'Mango tin', hidden: true }),
    dashboardRow('D4', 'SAME', 0, { name: 'Kiwi cup' }),
    dashboardRow('E5', 'HIGHER', 1, { name: 'Banana pot' }),
  ];
  const sorted = (sort: 'difference' | 'status' | 'name' | 'sku', order: 'asc' | 'desc') =>
    skus(dashboardListRows(rows, { sort, order, show_hidden: true }));

  it('leaves hidden products out unless asked, keeping the order', () => {
    expect(skus(dashboardListRows(rows, {}))).toEqual(['A1', 'B2', 'D4', 'E5']);
    expect(skus(dashboardListRows(rows, { show_hidden: true }))).toEqual(['A1', 'B2', 'C3', 'D4', 'E5']);
  });

  it('sorts by difference either way, keeping products without data last', () => {
    expect(sorted('difference', 'asc')).toEqual(['C3', 'D4', 'E5', 'A1', 'B2']);
    expect(sorted('difference', 'desc')).toEqual(['A1', 'E5', 'D4', 'C3', 'B2']);
  });

  it('sorts by status from lower to higher, ties in their original order', () => {
    expect(sorted('status', 'asc')).toEqual(['C3', 'D4', 'A1', 'E5', 'B2']);
    expect(sorted('status', 'desc')).toEqual(['A1', 'E5', 'D4', 'C3', 'B2']);
  });

  it('sorts by name in any case, and by SKU', () => {
    expect(sorted('name', 'asc')).toEqual(['B2', 'E5', 'D4', 'C3', 'A1']);
    expect(sorted('sku', 'desc')).toEqual(['E5', 'D4', 'C3', 'B2', 'A1']);
  });

  it('filters after sorting and never changes its input', () => {
    const copy = [...rows];

    expect(skus(dashboardListRows(rows, { sort: 'difference', status: 'HIGHER' }))).toEqual(['E5', 'A1']);
    expect(skus(dashboardListRows(rows, { sort: 'difference', order: 'desc', search: 'mug' }))).toEqual([
      'A1',
    ]);
    expect(rows).toEqual(copy);
  });

  it('starts a column ascending and flips it on the next click', () => {
    const first = nextSort(null, 'difference');
    const second = nextSort(first, 'difference');

    expect(first).toEqual({ column: 'difference', direction: 'asc' });
    expect(second).toEqual({ column: 'difference', direction: 'desc' });
    expect(nextSort(second, 'status')).toEqual({ column: 'status', direction: 'asc' });
  });
});

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
  brand: null,
  hidden: false,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});

describe('the product list', () => {
  const catalogue = [
    product(1, 'Steel Kettle', 'ST-1', 1),
    product(2, 'Kettle', 'K-10', null),
    product(3, 'Toaster', 'T-1', 1),
    product(4, 'Kettle Deluxe', 'K-2', 2),
  ];

  it('keeps everything in order for all categories and no search', () => {
    expect(ids(productListRows(catalogue, {}))).toEqual([1, 2, 3, 4]);
  });

  it('filters uncategorized and one category', () => {
    expect(ids(productListRows(catalogue, { category_id: 'none' }))).toEqual([2]);
    expect(ids(productListRows(catalogue, { category_id: 1 }))).toEqual([1, 3]);
  });

  it('ranks search results within the category', () => {
    expect(ids(productListRows(catalogue, { search: 'kettle' }))).toEqual([2, 4, 1]);
    expect(ids(productListRows(catalogue, { search: 'kettle', category_id: 1 }))).toEqual([1]);
  });

  it('sorts by name or by SKU, numbers in a SKU by value', () => {
    expect(ids(productListRows(catalogue, { sort: 'name' }))).toEqual([2, 4, 1, 3]);
    expect(ids(productListRows(catalogue, { sort: 'sku' }))).toEqual([4, 2, 1, 3]);
    expect(ids(productListRows(catalogue, { sort: 'sku', order: 'desc', search: 'kettle' }))).toEqual([
      1, 2, 4,
    ]);
  });
});

const url = (
  id: number,
  product: string,
  sku: string,
  competitor: string,
  address: string,
  outcome: CheckOutcomeKind | null = null,
  day = 1,
): CompetitorUrl => ({
  id,
  product_id: id,
  competitor_name: competitor,
  url: address,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  product: { name: product, sku, current_price: 10 },
  price_pin: null,
  last_check:
    outcome === null
      ? null
      : {
          outcome,
          message: `${outcome} message`,
          checked_at: `2026-01-${String(day).padStart(2, '0')}T09:00:00Z`,
          price: null,
          currency: null,
          in_stock: null,
          consecutive_failures: 0,
        },
});

describe('the competitor URL list', () => {
  const kettle = url(1, 'Steel Kettle', 'KT-1', 'Argos', 'https://www.argos.co.uk/p/1', 'ok', 3);
  const toaster = url(2, 'Quiet Toaster', 'TS-9', 'Currys', 'https://www.currys.co.uk/t', 'blocked', 5);
  const mug = url(3, 'Big Mug', 'MG-2', 'Shop', 'https://mugs.example/p', 'review', 2);
  const fan = url(4, 'Desk Fan', 'FN-4', 'Fan World', 'https://fans.example/f');
  const jug = url(5, 'Water Jug', 'JG-5', 'Jugs', 'https://jugs.example/j', 'no_price', 4);
  const all = [kettle, toaster, mug, fan, jug];
  const search = (text: string) => ids(competitorUrlListRows(all, { search: text }));

  it('finds a URL by its product name, SKU, competitor name or host, in any case', () => {
    expect(search('kettle')).toEqual([1]);
    expect(search('ts-9')).toEqual([2]);
    expect(search('FAN WORLD')).toEqual([4]);
    expect(search('currys.co.uk')).toEqual([2]);
    expect(search('  ')).toEqual([1, 2, 3, 4, 5]);
  });

  it('needs every word, each in any of the fields', () => {
    expect(search('argos kettle')).toEqual([1]);
    expect(search('argos toaster')).toEqual([]);
  });

  it("keeps blocked, failed, wrong product and review checks under 'failing'", () => {
    const failing = [
      url(6, 'A', 'A', 'A', 'https://a.example/', 'failed'),
      url(7, 'B', 'B', 'B', 'https://b.example/', 'wrong_product'),
      url(8, 'C', 'C', 'C', 'https://c.example/', 'out_of_stock_no_price'),
    ];

    expect(ids(competitorUrlListRows([...all, ...failing], { outcome: 'failing' }))).toEqual([2, 3, 6, 7]);
  });

  it('filters by one outcome, by never checked, by product and by the host shown', () => {
    expect(ids(competitorUrlListRows(all, { outcome: 'no_price' }))).toEqual([5]);
    expect(ids(competitorUrlListRows(all, { outcome: 'never' }))).toEqual([4]);
    expect(ids(competitorUrlListRows(all, { search: 'quiet', outcome: 'ok' }))).toEqual([]);
    expect(ids(competitorUrlListRows(all, { product_id: 3 }))).toEqual([3]);
    expect(ids(competitorUrlListRows(all, { host: 'Argos.co.uk' }))).toEqual([1]);
    expect(ids(competitorUrlListRows(all, { host: 'www.argos.co.uk' }))).toEqual([]);
  });

  it('sorts by product name either way', () => {
    expect(ids(competitorUrlListRows(all, { sort: 'product' }))).toEqual([3, 4, 2, 1, 5]);
    expect(ids(competitorUrlListRows(all, { sort: 'product', order: 'desc' }))).toEqual([5, 1, 2, 4, 3]);
  });

  it('sorts by the host shown, then by competitor name', () => {
    const second = url(9, 'Other', 'O', 'Argos Outlet', 'https://argos.co.uk/o');
    expect(ids(competitorUrlListRows([...all, second], { sort: 'competitor' }))).toEqual([1, 9, 2, 4, 5, 3]);
  });

  it('sorts by the latest check, oldest first, with URLs never checked last either way', () => {
    expect(ids(competitorUrlListRows(all, { sort: 'last_check' }))).toEqual([3, 1, 5, 2, 4]);
    expect(ids(competitorUrlListRows(all, { sort: 'last_check', order: 'desc' }))).toEqual([2, 5, 1, 3, 4]);
  });
});
