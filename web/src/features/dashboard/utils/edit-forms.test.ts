import { describe, expect, it } from 'vitest';
import { canAddCompetitor, checkCompetitorFields, checkProductFields, productFields } from './edit-forms';

const filled = {
  sku: ' K-1 ',
  name: ' Kettle ',
  current_price: '49.99',
  cost: '30',
  category_id: '3',
  gtin: '',
  mpn: '',
};

describe('checkProductFields (decision 3)', () => {
  it('needs all of SKU, name, price and cost', () => {
    for (const field of ['sku', 'name', 'current_price', 'cost'] as const) {
      expect(checkProductFields({ ...filled, [field]: '  ' })).toEqual({
        ok: false,
        error: 'All fields are required',
        field,
      });
    }
  });

  it('takes an optional GTIN and MPN, and names the GTIN field when its check digit is wrong', () => {
    expect(checkProductFields({ ...filled, gtin: ' 9638-5074 ', mpn: 'K 1' })).toMatchObject({
      ok: true,
      value: { gtin: '96385074', mpn: 'K 1' },
    });
    expect(checkProductFields({ ...filled, gtin: '96385075' })).toEqual({
      ok: false,
      error: 'GTIN must be 8, 12, 13 or 14 digits with a valid check digit',
      field: 'gtin',
    });
  });

  it('then needs both prices to be numbers of zero or more', () => {
    for (const bad of ['-1', 'abc', '1e3', '12,50']) {
      expect(checkProductFields({ ...filled, cost: bad })).toEqual({
        ok: false,
        error: 'Please enter valid prices',
        field: 'cost',
      });
      expect(checkProductFields({ ...filled, current_price: bad })).toEqual({
        ok: false,
        error: 'Please enter valid prices',
        field: 'current_price',
      });
    }
  });

  it('says which rule a price breaks, in the words the API uses (2 decimals, the maximum)', () => {
    expect(checkProductFields({ ...filled, cost: '1.999' })).toEqual({
      ok: false,
      error: 'Cost must have at most 2 decimals',
      field: 'cost',
    });
    expect(checkProductFields({ ...filled, current_price: '10000000.01' })).toEqual({
      ok: false,
      error: 'Current price must be at most 10,000,000',
      field: 'current_price',
    });
  });

  it('sends trimmed text, numbers and the category id, or null for no category', () => {
    expect(checkProductFields(filled)).toEqual({
      ok: true,
      value: {
        sku: 'K-1',
        name: 'Kettle',
        current_price: 49.99,
        cost: 30,
        category_id: 3,
        gtin: null,
        mpn: null,
      },
    });
    expect(checkProductFields({ ...filled, cost: '0', category_id: '' })).toMatchObject({
      ok: true,
      value: { cost: 0, category_id: null },
    });
  });

  it('starts from the product, with an empty cost, GTIN or MPN when it has none', () => {
    const product = { sku: 'K-1', name: 'Kettle', current_price: 49.5, cost: null, category_id: null };
    expect(productFields({ ...product, gtin: null, mpn: null })).toEqual({
      sku: 'K-1',
      name: 'Kettle',
      current_price: '49.5',
      cost: '',
      category_id: '',
      gtin: '',
      mpn: '',
    });
    expect(productFields({ ...product, gtin: '96385074', mpn: 'K 1' })).toMatchObject({
      gtin: '96385074',
      mpn: 'K 1',
    });
  });
});

describe('the add-competitor form', () => {
  it('enables Add only when both fields have text', () => {
    expect(canAddCompetitor('Argos', 'https://argos.co.uk/p/1')).toBe(true);
    expect(canAddCompetitor(' ', 'https://argos.co.uk/p/1')).toBe(false);
    expect(canAddCompetitor('Argos', '')).toBe(false);
  });

  it('needs both fields, then an absolute web address', () => {
    expect(checkCompetitorFields('', 'https://a.example')).toEqual({
      ok: false,
      error: 'Competitor name and URL are required',
    });
    expect(checkCompetitorFields('Argos', 'argos.co.uk/p/1')).toEqual({
      ok: false,
      error: 'Please enter a valid URL',
    });
    expect(checkCompetitorFields('Argos', 'javascript:alert(1)')).toEqual({
      ok: false,
      error: 'Please enter a valid URL',
    });
    expect(checkCompetitorFields('Argos', `https://argos.co.uk/${'p'.repeat(2048)}`)).toEqual({
      ok: false,
      error: 'URL must be at most 2048 characters',
    });
    expect(checkCompetitorFields(' Argos ', ' https://argos.co.uk/p/1 ')).toEqual({
      ok: true,
      value: { competitor_name: 'Argos', url: 'https://argos.co.uk/p/1' },
    });
  });
});
