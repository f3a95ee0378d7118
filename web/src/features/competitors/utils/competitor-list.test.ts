import type { CheckOutcomeKind, CompetitorUrl } from '@cmp/shared';
import { describe, expect, it } from 'vitest';
import {
  ALL_CHECKS,
  FAILING,
  filterCompetitors,
  NEVER_CHECKED,
  NO_FILTERS,
  OUTCOME_FILTER_OPTIONS,
  sortCompetitors,
} from './competitor-list';

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

const kettle = url(1, 'Steel Kettle', 'KT-1', 'Argos', 'https://www.argos.co.uk/p/1', 'ok', 3);
const toaster = url(2, 'Quiet Toaster', 'TS-9', 'Currys', 'https://www.currys.co.uk/t', 'blocked', 5);
const mug = url(3, 'Big Mug', 'MG-2', 'Shop', 'https://mugs.example/p', 'review', 2);
const fan = url(4, 'Desk Fan', 'FN-4', 'Fan World', 'https://fans.example/f');
const jug = url(5, 'Water Jug', 'JG-5', 'Jugs', 'https://jugs.example/j', 'no_price', 4);
const all = [kettle, toaster, mug, fan, jug];

const ids = (urls: readonly CompetitorUrl[]) => urls.map((entry) => entry.id);

describe('filterCompetitors', () => {
  it('finds a URL by its product name, SKU, competitor name or host, in any case', () => {
    const search = (text: string) => ids(filterCompetitors(all, { ...NO_FILTERS, search: text }));

    expect(search('kettle')).toEqual([1]);
    expect(search('ts-9')).toEqual([2]);
    expect(search('FAN WORLD')).toEqual([4]);
    expect(search('currys.co.uk')).toEqual([2]);
    expect(search('  ')).toEqual([1, 2, 3, 4, 5]);
  });

  it('needs every word, each in any of the fields', () => {
    expect(ids(filterCompetitors(all, { ...NO_FILTERS, search: 'argos kettle' }))).toEqual([1]);
    expect(ids(filterCompetitors(all, { ...NO_FILTERS, search: 'argos toaster' }))).toEqual([]);
  });

  it("keeps blocked, failed, wrong product and review checks under 'Failing'", () => {
    const failing = [
      url(6, 'A', 'A', 'A', 'https://a.example/', 'failed'),
      url(7, 'B', 'B', 'B', 'https://b.example/', 'wrong_product'),
      url(8, 'C', 'C', 'C', 'https://c.example/', 'out_of_stock_no_price'),
    ];

    expect(ids(filterCompetitors([...all, ...failing], { search: '', outcome: FAILING }))).toEqual([
      2, 3, 6, 7,
    ]);
  });

  it('filters by one outcome, by never checked, and combines the filter with the search', () => {
    expect(ids(filterCompetitors(all, { search: '', outcome: 'no_price' }))).toEqual([5]);
    expect(ids(filterCompetitors(all, { search: '', outcome: NEVER_CHECKED }))).toEqual([4]);
    expect(ids(filterCompetitors(all, { search: 'quiet', outcome: 'ok' }))).toEqual([]);
    expect(ids(filterCompetitors(all, { search: '', outcome: ALL_CHECKS }))).toEqual([1, 2, 3, 4, 5]);
  });

  it("offers 'Failing', each outcome by its badge text and 'Not checked yet'", () => {
    expect(OUTCOME_FILTER_OPTIONS.map((option) => option.label)).toEqual([
      'Failing',
      'OK',
      'No price',
      'Out of stock',
      'Review',
      'Wrong product',
      'Blocked',
      'Failed',
      'Not checked yet',
    ]);
  });
});

describe('sortCompetitors', () => {
  it('sorts by product name either way', () => {
    expect(ids(sortCompetitors(all, { column: 'product', direction: 'asc' }))).toEqual([3, 4, 2, 1, 5]);
    expect(ids(sortCompetitors(all, { column: 'product', direction: 'desc' }))).toEqual([5, 1, 2, 4, 3]);
  });

  it('sorts by the host shown, then by competitor name', () => {
    const second = url(9, 'Other', 'O', 'Argos Outlet', 'https://argos.co.uk/o');
    expect(ids(sortCompetitors([...all, second], { column: 'competitor', direction: 'asc' }))).toEqual([
      1, 9, 2, 4, 5, 3,
    ]);
  });

  it('sorts by the latest check, oldest first, with URLs never checked last either way', () => {
    expect(ids(sortCompetitors(all, { column: 'lastCheck', direction: 'asc' }))).toEqual([3, 1, 5, 2, 4]);
    expect(ids(sortCompetitors(all, { column: 'lastCheck', direction: 'desc' }))).toEqual([2, 5, 1, 3, 4]);
  });

  it('keeps the given order without a sort', () => {
    expect(ids(sortCompetitors(all, null))).toEqual([1, 2, 3, 4, 5]);
  });
});
