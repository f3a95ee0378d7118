import { describe, expect, it } from 'vitest';
import { PRODUCT_FORM_FIELD_NAMES, productFormFields } from './product-form-fields';

const shown = (kind: 'products' | 'dashboard') =>
  productFormFields(kind).map(({ field, id, label, required }) => ({ field, id, label, required }));

describe('productFormFields', () => {
  it('gives the Products page’s Create/Edit Product fields in order, its three required marked', () => {
    expect(shown('products')).toEqual([
      { field: 'sku', id: 'sku', label: 'SKU', required: true },
      { field: 'name', id: 'name', label: 'Product Name', required: true },
      { field: 'current_price', id: 'price', label: 'Current Price', required: true },
      { field: 'cost', id: 'cost', label: 'Cost (optional)', required: false },
      { field: 'gtin', id: 'gtin', label: 'GTIN / EAN (optional)', required: false },
      { field: 'mpn', id: 'mpn', label: 'MPN (optional)', required: false },
      { field: 'brand', id: 'brand', label: 'Brand (optional)', required: false },
      { field: 'category_id', id: 'category', label: 'Category (optional)', required: false },
    ]);
  });

  it('gives the dashboard’s edit dialog the same fields with its labels, cost required (decision 3)', () => {
    expect(shown('dashboard')).toEqual([
      { field: 'sku', id: 'sku', label: 'SKU', required: true },
      { field: 'name', id: 'name', label: 'Name', required: true },
      { field: 'current_price', id: 'price', label: 'Current Price', required: true },
      { field: 'cost', id: 'cost', label: 'Cost', required: true },
      { field: 'gtin', id: 'gtin', label: 'GTIN / EAN (optional)', required: false },
      { field: 'mpn', id: 'mpn', label: 'MPN (optional)', required: false },
      { field: 'brand', id: 'brand', label: 'Brand (optional)', required: false },
      { field: 'category_id', id: 'category', label: 'Category', required: false },
    ]);
  });

  it('takes both prices as money, GTIN and MPN as codes, the brand as text, and the category from a select', () => {
    const inputs = Object.fromEntries(
      productFormFields('products').map(({ field, input }) => [field, input]),
    );
    expect(inputs).toEqual({
      sku: 'text',
      name: 'text',
      current_price: 'money',
      cost: 'money',
      gtin: 'code',
      mpn: 'code',
      brand: 'text',
      category_id: 'category',
    });
    expect(PRODUCT_FORM_FIELD_NAMES).toEqual(Object.keys(inputs));
  });
});
