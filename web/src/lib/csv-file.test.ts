import { describe, expect, it } from 'vitest';
import { csvFileError, csvUploadBody } from './csv-file';

describe('csvFileError', () => {
  it('asks for a file when none is chosen', () => {
    expect(csvFileError(null)).toBe('Please select a file');
  });

  it('accepts the CSV type or a .csv name', () => {
    expect(csvFileError({ name: 'export', type: 'text/csv' })).toBeNull();
    expect(csvFileError({ name: 'PRODUCTS.CSV', type: 'application/vnd.ms-excel' })).toBeNull();
    expect(csvFileError({ name: 'products.csv', type: '' })).toBeNull();
  });

  it('refuses anything else', () => {
    expect(csvFileError({ name: 'products.xlsx', type: 'application/vnd.ms-excel' })).toBe(
      'Please select a CSV file',
    );
    expect(csvFileError({ name: 'notes.txt', type: 'text/plain' })).toBe('Please select a CSV file');
  });
});

describe('csvUploadBody', () => {
  it('sends the file in the field named file', () => {
    const file = new File(['SKU\n'], 'p.csv', { type: 'text/csv' });
    const body = csvUploadBody(file);
    expect((body.get('file') as File).name).toBe('p.csv');
  });
});
