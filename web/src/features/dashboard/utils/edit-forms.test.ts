import { describe, expect, it } from 'vitest';
import { canAddCompetitor, checkCompetitorFields, checkProductFields, productFields } from './edit-forms';

const filled = { sku: ' K-1 ', name: ' Kettle ', current_price: '49.99', cost: '30', category_id: '3' };

describe('checkProductFields (decision 3)', () => {
  it('needs all of SKU, name, price and cost', () => {
    for (const field of ['sku', 'name', 'current_price', 'cost'] as const) {
      expect(checkProductFields({ ...filled, [field]: '  ' })).toEqual({
        ok: false,
        error: 'All fields are required',
      });
    }
  });

  it('then needs both prices to be numbers of zero or more', () => {
    for (const bad of ['-1', 'abc', '1e3', '12,50']) {
      expect(checkProductFields({ ...filled, cost: bad })).toEqual({
        ok: false,
        error: 'Please enter valid prices',
      });
      expect(checkProductFields({ ...filled, current_price: bad })).toEqual({
        ok: false,
        error: 'Please enter valid prices',
      });
    }
  });

  it('refuses prices the API refuses (more than 2 decimals, above the maximum)', () => {
    for (const bad of ['1.999', '10000000.01']) {
      expect(checkProductFields({ ...filled, cost: bad })).toEqual({
        ok: false,
        error: 'Please enter valid prices',
      });
    }
  });

  it('sends trimmed text, numbers and the category id, or null for no category', () => {
    expect(checkProductFields(filled)).toEqual({
      ok: true,
      value: { sku: 'K-1', name: 'Kettle', current_price: 49.99, cost: 30, category_id: 3 },
    });
    expect(checkProductFields({ ...filled, cost: '0', category_id: '' })).toEqual({
      ok: true,
      value: { sku: 'K-1', name: 'Kettle', current_price: 49.99, cost: 0, category_id: null },
    });
  });

  it('starts from the product, with an empty cost when it has none', () => {
    expect(
      productFields({ sku: 'K-1', name: 'Kettle', current_price: 49.5, cost: null, category_id: null }),
    ).toEqual({ sku: 'K-1', name: 'Kettle', current_price: '49.5', cost: '', category_id: '' });
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
      error: 'Please enter a valid URL',
    });
    expect(checkCompetitorFields(' Argos ', ' https://argos.co.uk/p/1 ')).toEqual({
      ok: true,
      value: { competitor_name: 'Argos', url: 'https://argos.co.uk/p/1' },
    });
  });
});
