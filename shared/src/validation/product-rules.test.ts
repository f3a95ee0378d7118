import { describe, expect, it } from 'vitest';
import { PRODUCT_CSV_TEMPLATE } from '../catalogue';
import { checkProductCsvRow, checkProductForm, productFormRequires, productFormText } from './product-rules';

const filled = {
  sku: ' KT-1 ',
  name: ' Kettle ',
  current_price: '49.99',
  cost: '',
  category_id: '',
  gtin: '',
  mpn: '',
  brand: '',
};

describe('checkProductForm, the Products page', () => {
  it('requires SKU, name and current price, but not cost, category, GTIN or MPN', () => {
    for (const field of ['sku', 'name', 'current_price'] as const) {
      expect(checkProductForm({ ...filled, [field]: ' ' }, 'products')).toEqual({
        ok: false,
        error: 'SKU, Name, and Current Price are required',
        field,
      });
    }
    expect(checkProductForm(filled, 'products')).toEqual({
      ok: true,
      value: {
        sku: 'KT-1',
        name: 'Kettle',
        current_price: 49.99,
        cost: null,
        category_id: null,
        gtin: null,
        mpn: null,
        brand: null,
      },
    });
  });

  it('sends the GTIN as its digits and the MPN as trimmed text', () => {
    expect(
      checkProductForm({ ...filled, gtin: '4006-381 333931', mpn: ' WK 17 ' }, 'products'),
    ).toMatchObject({
      ok: true,
      value: { gtin: '4006381333931', mpn: 'WK 17' },
    });
  });

  it('refuses a GTIN with a wrong check digit or letters, naming the GTIN field', () => {
    for (const gtin of ['4006381333932', '400638133393A'])
      expect(checkProductForm({ ...filled, gtin }, 'products')).toEqual({
        ok: false,
        error: 'GTIN must be 8, 12, 13 or 14 digits with a valid check digit',
        field: 'gtin',
      });
    expect(checkProductForm({ ...filled, mpn: 'M'.repeat(71) }, 'products')).toEqual({
      ok: false,
      error: 'MPN must be at most 70 characters',
      field: 'mpn',
    });
  });

  it('refuses a price or cost that is no number ≥ 0, with the form’s message', () => {
    for (const bad of ['-1', 'abc', '1e3']) {
      expect(checkProductForm({ ...filled, current_price: bad }, 'products')).toEqual({
        ok: false,
        error: 'Please enter a valid price',
        field: 'current_price',
      });
      expect(checkProductForm({ ...filled, cost: bad }, 'products')).toEqual({
        ok: false,
        error: 'Please enter a valid cost',
        field: 'cost',
      });
    }
    expect(checkProductForm({ ...filled, current_price: '10000000', cost: '0' }, 'products')).toMatchObject({
      ok: true,
      value: { current_price: 10_000_000, cost: 0 },
    });
  });

  it('refuses more than 2 decimals or more than the maximum in the rule’s words, as the API does', () => {
    expect(checkProductForm({ ...filled, current_price: '12.345' }, 'products')).toEqual({
      ok: false,
      error: 'Current price must have at most 2 decimals',
      field: 'current_price',
    });
    expect(checkProductForm({ ...filled, cost: '10000000.01' }, 'products')).toEqual({
      ok: false,
      error: 'Cost must be at most 10,000,000',
      field: 'cost',
    });
  });

  it('shows the API’s own message for a rule the form has no message for', () => {
    expect(checkProductForm({ ...filled, sku: 'x'.repeat(65) }, 'products')).toEqual({
      ok: false,
      error: 'SKU must be at most 64 characters',
      field: 'sku',
    });
    expect(checkProductForm({ ...filled, name: 'Kettle \u202Egpj.exe' }, 'products')).toEqual({
      ok: false,
      error: 'Name contains characters that are not allowed',
      field: 'name',
    });
  });

  it('sends the text as the API stores it (NFC) and the category id as a number', () => {
    expect(checkProductForm({ ...filled, sku: 'CAFE\u0301', category_id: '7' }, 'products')).toMatchObject({
      ok: true,
      value: { sku: 'CAF\u00C9', category_id: 7 },
    });
  });
});

describe('checkProductForm, the dashboard (decision 3)', () => {
  const all = { ...filled, cost: '30' };

  it('requires all four fields, cost too, but not GTIN or MPN', () => {
    for (const field of ['sku', 'name', 'current_price', 'cost'] as const) {
      expect(checkProductForm({ ...all, [field]: '' }, 'dashboard')).toEqual({
        ok: false,
        error: 'All fields are required',
        field,
      });
    }
    expect(checkProductForm({ ...all, gtin: '96385074' }, 'dashboard')).toMatchObject({
      ok: true,
      value: { gtin: '96385074', mpn: null },
    });
    expect(checkProductForm({ ...all, gtin: '96385075' }, 'dashboard')).toEqual({
      ok: false,
      error: 'GTIN must be 8, 12, 13 or 14 digits with a valid check digit',
      field: 'gtin',
    });
  });

  it('then one message for either price that is no number ≥ 0, and the rule’s words for the others', () => {
    for (const bad of ['-1', 'abc', '1e3', '12,50']) {
      expect(checkProductForm({ ...all, cost: bad }, 'dashboard')).toEqual({
        ok: false,
        error: 'Please enter valid prices',
        field: 'cost',
      });
      expect(checkProductForm({ ...all, current_price: bad }, 'dashboard')).toEqual({
        ok: false,
        error: 'Please enter valid prices',
        field: 'current_price',
      });
    }
    expect(checkProductForm({ ...all, cost: '1.999' }, 'dashboard')).toEqual({
      ok: false,
      error: 'Cost must have at most 2 decimals',
      field: 'cost',
    });
    expect(checkProductForm({ ...all, current_price: '99999999' }, 'dashboard')).toEqual({
      ok: false,
      error: 'Current price must be at most 10,000,000',
      field: 'current_price',
    });
    expect(checkProductForm(all, 'dashboard')).toMatchObject({ ok: true, value: { cost: 30 } });
  });

  it('sends trimmed text, numbers and the category id, or null for no category', () => {
    expect(checkProductForm({ ...all, category_id: '3' }, 'dashboard')).toEqual({
      ok: true,
      value: {
        sku: 'KT-1',
        name: 'Kettle',
        current_price: 49.99,
        cost: 30,
        category_id: 3,
        gtin: null,
        mpn: null,
        brand: null,
      },
    });
    expect(checkProductForm({ ...all, cost: '0', category_id: '' }, 'dashboard')).toMatchObject({
      ok: true,
      value: { cost: 0, category_id: null },
    });
  });
});

describe('productFormRequires', () => {
  it('requires cost on the dashboard only, and category, GTIN and MPN in neither form', () => {
    const required = (kind: 'products' | 'dashboard') =>
      (['sku', 'name', 'current_price', 'cost', 'category_id', 'gtin', 'mpn'] as const).filter((field) =>
        productFormRequires(kind, field),
      );
    expect(required('products')).toEqual(['sku', 'name', 'current_price']);
    expect(required('dashboard')).toEqual(['sku', 'name', 'current_price', 'cost']);
  });
});

describe('productFormText', () => {
  const product = {
    sku: 'KT-1',
    name: 'Kettle',
    current_price: 49.5,
    cost: null,
    category_id: 3,
    gtin: '96385074',
    mpn: null,
    brand: null,
  };

  it('fills the form from a product, with an empty cost, category, GTIN or MPN when it has none', () => {
    expect(productFormText(product)).toEqual({
      sku: 'KT-1',
      name: 'Kettle',
      current_price: '49.5',
      cost: '',
      category_id: '3',
      gtin: '96385074',
      mpn: '',
      brand: '',
    });
    expect(productFormText({ ...product, cost: 0, category_id: null, gtin: null, mpn: 'K 1' })).toMatchObject(
      {
        cost: '0',
        category_id: '',
        gtin: '',
        mpn: 'K 1',
      },
    );
  });

  it('leaves a new product’s form empty', () => {
    const empty = {
      sku: '',
      name: '',
      current_price: '',
      cost: '',
      category_id: '',
      gtin: '',
      mpn: '',
      brand: '',
    };
    expect(productFormText()).toEqual(empty);
    expect(productFormText(null)).toEqual(empty);
  });

  it('gives back text the form’s check turns into the same product', () => {
    expect(checkProductForm(productFormText(product), 'products')).toEqual({
      ok: true,
      value: { ...product, gtin: '96385074' },
    });
  });
});

describe('checkProductCsvRow', () => {
  const row = { sku: 'R-1', name: 'Kettle', current_price: '49.99', cost: '', category: '' };

  it('names the columns in its messages', () => {
    expect(checkProductCsvRow({ ...row, sku: ' ' })).toEqual({ ok: false, error: 'SKU is required' });
    expect(checkProductCsvRow({ ...row, name: '' })).toEqual({
      ok: false,
      error: 'Product Name is required',
    });
    expect(checkProductCsvRow({ ...row, current_price: '' })).toEqual({
      ok: false,
      error: 'Current Price is required',
    });
    expect(checkProductCsvRow({ ...row, current_price: 'abc' })).toEqual({
      ok: false,
      error: 'Current Price must be a number ≥ 0',
    });
    expect(checkProductCsvRow({ ...row, cost: 'abc' })).toEqual({
      ok: false,
      error: 'Cost must be a number ≥ 0',
    });
    expect(checkProductCsvRow({ ...row, cost: '1.234' })).toEqual({
      ok: false,
      error: 'Cost must have at most 2 decimals',
    });
    expect(checkProductCsvRow({ ...row, category: 'c'.repeat(101) })).toEqual({
      ok: false,
      error: 'Category must be at most 100 characters',
    });
    expect(checkProductCsvRow({ ...row, gtin: '4006381333932' })).toEqual({
      ok: false,
      error: 'GTIN must be 8, 12, 13 or 14 digits with a valid check digit',
    });
    expect(checkProductCsvRow({ ...row, mpn: 'M\tN' })).toEqual({
      ok: false,
      error: 'MPN contains characters that are not allowed',
    });
  });

  it('reads blank optional cells as none, and an absent column as blank', () => {
    expect(checkProductCsvRow({ sku: 'R-1', name: 'Kettle', current_price: '5' })).toEqual({
      ok: true,
      value: {
        sku: 'R-1',
        name: 'Kettle',
        current_price: 5,
        cost: null,
        category: null,
        gtin: null,
        mpn: null,
        brand: null,
      },
    });
  });

  it('accepts every row of the template', () => {
    const [, ...rows] = PRODUCT_CSV_TEMPLATE.trim().split('\n');
    for (const line of rows) {
      const [sku, name, current_price, cost, category, gtin, mpn] = line.split(',');
      expect(checkProductCsvRow({ sku, name, current_price, cost, category, gtin, mpn }).ok).toBe(true);
    }
  });
});
