import { describe, expect, it } from 'vitest';
import { COMPETITOR_CSV_TEMPLATE, PRODUCT_CSV_TEMPLATE } from '../catalogue';
import { csvColumnsText, PRODUCT_CSV_COLUMNS, PRODUCT_CSV_REQUIRED } from './csv-columns';

describe('the CSV templates', () => {
  it('start with the columns the import reads', () => {
    expect(PRODUCT_CSV_TEMPLATE.split('\n')[0]).toBe(
      'SKU,Product Name,Current Price,Cost,Category,GTIN,MPN,Brand',
    );
    expect(COMPETITOR_CSV_TEMPLATE.split('\n')[0]).toBe('SKU,Competitor 1,Competitor 2');
  });

  it('end with a line break', () => {
    expect(PRODUCT_CSV_TEMPLATE.endsWith(',,,,\n')).toBe(true);
    expect(COMPETITOR_CSV_TEMPLATE.endsWith('/p/123\n')).toBe(true);
  });
});

describe('csvColumnsText', () => {
  it('lists every column of the products template, in its order, the optional ones marked', () => {
    expect(csvColumnsText(PRODUCT_CSV_COLUMNS, PRODUCT_CSV_REQUIRED)).toBe(
      'SKU, Product Name, Current Price, Cost (optional), Category (optional), GTIN (optional), MPN (optional), Brand (optional)',
    );
  });
});
