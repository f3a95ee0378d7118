import { describe, expect, it } from 'vitest';
import type { CategoryRecord } from '../../data/category.repository';
import type { ProductRecord } from '../../data/product.repository';
import { planProductImport } from './product-import-plan';
import type { ValidRow } from './product-rows';

const at = '2026-01-01T00:00:00.000Z';
const kitchen: CategoryRecord = { id: 7, name: 'Kitchen', description: null, created_at: at, updated_at: at };
const kettle: ProductRecord = {
  id: 1,
  sku: 'Kt-1',
  name: 'Kettle',
  current_price: 34.99,
  cost: 20,
  gtin: '4006381333931',
  mpn: null,
  brand: null,
  category_id: 7,
  hidden: false,
  created_at: at,
  updated_at: at,
};
const row = (
  n: number,
  fields: Partial<ValidRow['fields']>,
  categoryName: string | null = null,
): ValidRow => ({
  row: n,
  fields: {
    sku: 'KT-1',
    name: 'Kettle',
    current_price: 34.99,
    cost: 20,
    gtin: null,
    mpn: null,
    brand: null,
    ...fields,
  },
  categoryName,
});
const allColumns = { sku: 0, name: 1, current_price: 2, cost: 3, category: 4, gtin: 5, mpn: 6 };

describe('planProductImport', () => {
  it('matches by SKU ignoring case and lists each changed field old → new, keeping the SKU’s spelling', () => {
    const plan = planProductImport(
      [row(2, { name: 'Kettle Deluxe', current_price: 9.99, gtin: '4006381333931' }, 'Garden')],
      allColumns,
      [kettle],
      [kitchen],
    );

    expect(plan.creates).toEqual([]);
    expect(plan.updates).toHaveLength(1);
    expect(plan.updates[0]?.fields.sku).toBe('Kt-1');
    expect(plan.updates[0]?.changes).toEqual([
      { field: 'name', old: 'Kettle', new: 'Kettle Deluxe' },
      { field: 'current_price', old: 34.99, new: 9.99 },
      { field: 'category', old: 'Kitchen', new: 'Garden' },
    ]);
    expect(plan.newCategories).toEqual(['Garden']);
  });

  it('counts a row holding the same values as unchanged, a category differing only in case included', () => {
    const plan = planProductImport(
      [row(2, { gtin: '4006381333931' }, 'KITCHEN')],
      allColumns,
      [kettle],
      [kitchen],
    );

    expect(plan).toEqual({ creates: [], updates: [], unchanged: 1, newCategories: [] });
  });

  it('keeps GTIN and MPN when the file has no such column, and clears them when its cell is blank', () => {
    const { gtin, mpn, ...withoutIds } = allColumns;
    const noIdColumns = planProductImport([row(2, {}, 'Kitchen')], withoutIds, [kettle], [kitchen]);
    const blankCell = planProductImport([row(2, {}, 'Kitchen')], allColumns, [kettle], [kitchen]);

    expect(noIdColumns.unchanged).toBe(1);
    expect(blankCell.updates[0]?.changes).toEqual([{ field: 'gtin', old: '4006381333931', new: null }]);
  });

  it('creates unknown SKUs and names each new category once, as first spelled', () => {
    const plan = planProductImport(
      [
        row(2, { sku: 'N-1' }, 'Lighting'),
        row(3, { sku: 'N-2' }, 'lighting'),
        row(4, { sku: 'N-3' }, 'Kitchen'),
      ],
      allColumns,
      [kettle],
      [kitchen],
    );

    expect(plan.creates.map((r) => r.fields.sku)).toEqual(['N-1', 'N-2', 'N-3']);
    expect(plan.newCategories).toEqual(['Lighting']);
  });

  it('shows a product whose category was deleted as having none', () => {
    const plan = planProductImport(
      [row(2, { gtin: '4006381333931' }, 'Kitchen')],
      allColumns,
      [{ ...kettle, category_id: 99 }],
      [kitchen],
    );

    expect(plan.updates[0]?.changes).toEqual([{ field: 'category', old: null, new: 'Kitchen' }]);
  });
});
