import { beforeAll, describe, expect, it } from 'vitest';
import { CompetitorUrlEntry } from '../catalogue/competitor-urls';
import { provideSettings } from '../config';
import { defaultComparisonInputs } from '../data/catalogue-version.repository';
import type { CategoryRecord } from '../data/category.repository';
import type { CompetitorUrlRecord } from '../data/competitor-url.repository';
import type { ProductRecord } from '../data/product.repository';
import { ComparisonEntry } from './dashboard-products';

/**
 * The lists' entries (list-pages.ts) answer their filters and sorts from the records and build
 * their rows only when asked: what they say must be what their rows say, or a page cut from
 * entries would differ from the whole list.
 */
const AT = '2026-11-01T00:00:00.000Z';
const category: CategoryRecord = {
  id: 1,
  name: 'Kettles',
  description: null,
  created_at: AT,
  updated_at: AT,
};
const categoryById = new Map([[category.id, category]]);

const product = (fields: Partial<ProductRecord>): ProductRecord => ({
  id: 10,
  sku: 'KET-1',
  name: 'Steel kettle',
  current_price: 20,
  cost: 12,
  category_id: 1,
  hidden: false,
  created_at: AT,
  updated_at: AT,
  ...fields,
});

const url = (fields: Partial<CompetitorUrlRecord>): CompetitorUrlRecord => ({
  id: 5,
  product_id: 10,
  competitor_name: 'Argos',
  url: 'https://www.argos.example/p/1',
  created_at: AT,
  updated_at: AT,
  ...fields,
});

const checked = url({
  latest: {
    run_id: 'R1',
    price: 18,
    currency: 'GBP',
    in_stock: true,
    confidence: 0.95,
    scraped_at: AT,
    error_message: null,
    outcome: 'ok',
    message: 'Price found',
  },
  accepted: { run_id: 'R1', price: 18, currency: 'GBP', in_stock: true, confidence: 0.95, scraped_at: AT },
});

describe("the lists' entries", () => {
  // The defaults: the shop's currency GBP, the confidence floor 0.5.
  beforeAll(() => provideSettings({}));

  it.each([
    ['in a category', product({})],
    ['hidden', product({ hidden: true })],
    ['in a category that is gone', product({ category_id: 99 })],
    ['without a category', product({ category_id: null })],
  ])('say what the dashboard row of a product %s says', (_, record) => {
    for (const urls of [[], [checked]]) {
      const entry = new ComparisonEntry(record, categoryById, urls, defaultComparisonInputs());
      const row = entry.row();

      expect({
        name: entry.name,
        sku: entry.sku,
        category_id: entry.category_id,
        hidden: entry.hidden,
        price_comparison: entry.price_comparison,
      }).toEqual({
        name: row.name,
        sku: row.sku,
        category_id: row.category_id,
        hidden: row.hidden,
        price_comparison: row.price_comparison,
      });
      expect(entry.row()).toBe(row);
    }
  });

  it('say what the row of a competitor URL says, checked or not, its product there or gone', () => {
    for (const [record, of] of [
      [url({}), product({})],
      [checked, product({})],
      [checked, undefined],
    ] as const) {
      const entry = new CompetitorUrlEntry(record, of);
      const row = entry.row();

      const { product_id, url: address, competitor_name, product: shown, last_check } = entry;
      expect({ product_id, url: address, competitor_name, product: shown, last_check }).toEqual({
        product_id: row.product_id,
        url: row.url,
        competitor_name: row.competitor_name,
        product: row.product,
        last_check: row.last_check,
      });
      expect(entry.row()).toBe(row);
    }
  });
});
