import type { Product } from '@cmp/shared';
import { describe, expect, it } from 'vitest';
import { type ProductFormValues, productFormValues, validateProductForm } from './product-form';

const filled: ProductFormValues = {
  sku: ' KT-1 ',
  name: ' Kettle ',
  currentPrice: '49.99',
  cost: '',
  categoryId: '',
  gtin: '',
  mpn: '',
};

describe('validateProductForm', () => {
  it('requires SKU, name and current price', () => {
    for (const missing of ['sku', 'name', 'currentPrice'] as const) {
      expect(validateProductForm({ ...filled, [missing]: '  ' })).toMatchObject({
        ok: false,
        error: 'SKU, Name, and Current Price are required',
      });
    }
  });

  it('needs a price that is a number ≥ 0', () => {
    expect(validateProductForm({ ...filled, currentPrice: '-1' })).toEqual({
      ok: false,
      error: 'Please enter a valid price',
      field: 'current_price',
    });
    expect(validateProductForm({ ...filled, currentPrice: 'abc' })).toEqual({
      ok: false,
      error: 'Please enter a valid price',
      field: 'current_price',
    });
  });

  it('refuses an exponent as no valid price', () => {
    expect(validateProductForm({ ...filled, currentPrice: '1e3' })).toMatchObject({
      ok: false,
      error: 'Please enter a valid price',
    });
    expect(validateProductForm({ ...filled, cost: '1e3' })).toMatchObject({
      ok: false,
      error: 'Please enter a valid cost',
    });
  });

  it('says which rule a price breaks, in the words the API uses (2 decimals, the maximum)', () => {
    expect(validateProductForm({ ...filled, currentPrice: '12.345' })).toEqual({
      ok: false,
      error: 'Current price must have at most 2 decimals',
      field: 'current_price',
    });
    expect(validateProductForm({ ...filled, cost: '10000000.01' })).toEqual({
      ok: false,
      error: 'Cost must be at most 10,000,000',
      field: 'cost',
    });
  });

  it('shows the API’s message for a text the API refuses', () => {
    expect(validateProductForm({ ...filled, sku: 'K'.repeat(65) })).toMatchObject({
      ok: false,
      error: 'SKU must be at most 64 characters',
    });
  });

  it('takes an optional GTIN with spaces or dashes and refuses one with a wrong check digit', () => {
    expect(validateProductForm({ ...filled, gtin: '4006381-333931', mpn: ' WK-17 ' })).toMatchObject({
      ok: true,
      input: { gtin: '4006381333931', mpn: 'WK-17' },
    });
    expect(validateProductForm({ ...filled, gtin: '4006381333932' })).toEqual({
      ok: false,
      error: 'GTIN must be 8, 12, 13 or 14 digits with a valid check digit',
      field: 'gtin',
    });
  });

  it('checks the cost only when given', () => {
    expect(validateProductForm({ ...filled, cost: '-0.5' })).toEqual({
      ok: false,
      error: 'Please enter a valid cost',
      field: 'cost',
    });
    expect(validateProductForm({ ...filled, cost: '31.5' })).toMatchObject({
      ok: true,
      input: { cost: 31.5 },
    });
  });

  it('sends trimmed text, numbers, and null for an empty cost, category, GTIN and MPN', () => {
    expect(validateProductForm(filled)).toEqual({
      ok: true,
      input: {
        sku: 'KT-1',
        name: 'Kettle',
        current_price: 49.99,
        cost: null,
        category_id: null,
        gtin: null,
        mpn: null,
      },
    });
    expect(validateProductForm({ ...filled, currentPrice: '0', categoryId: '7' })).toMatchObject({
      ok: true,
      input: { current_price: 0, category_id: 7 },
    });
  });
});

describe('productFormValues', () => {
  it('fills the form from a product and leaves a new form empty', () => {
    const product = {
      id: 1,
      sku: 'KT-1',
      name: 'Kettle',
      current_price: 49.99,
      cost: null,
      gtin: '96385074',
      mpn: null,
      category_id: 3,
      category: { id: 3, name: 'Kitchen' },
      hidden: false,
      created_at: '',
      updated_at: '',
    } satisfies Product;
    expect(productFormValues(product)).toEqual({
      sku: 'KT-1',
      name: 'Kettle',
      currentPrice: '49.99',
      cost: '',
      categoryId: '3',
      gtin: '96385074',
      mpn: '',
    });
    expect(productFormValues()).toEqual({
      sku: '',
      name: '',
      currentPrice: '',
      cost: '',
      categoryId: '',
      gtin: '',
      mpn: '',
    });
  });
});
