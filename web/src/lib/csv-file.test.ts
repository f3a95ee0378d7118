import { MAX_LARGE_UPLOAD_BYTES } from '@cmp/shared';
import { describe, expect, it } from 'vitest';
import { csvFileError, csvUploadBody } from './csv-file';

describe('csvFileError', () => {
  it('asks for a file when none is chosen', () => {
    expect(csvFileError(null)).toBe('Please select a file');
  });

  it('accepts the CSV type or a .csv name', () => {
    expect(csvFileError({ name: 'export', type: 'text/csv', size: 10 })).toBeNull();
    expect(csvFileError({ name: 'PRODUCTS.CSV', type: 'application/vnd.ms-excel', size: 10 })).toBeNull();
    expect(csvFileError({ name: 'products.csv', type: '', size: 10 })).toBeNull();
  });

  it('refuses anything else', () => {
    expect(csvFileError({ name: 'products.xlsx', type: 'application/vnd.ms-excel', size: 10 })).toBe(
      'Please select a CSV file',
    );
    expect(csvFileError({ name: 'notes.txt', type: 'text/plain', size: 10 })).toBe(
      'Please select a CSV file',
    );
  });

  it('refuses a CSV over the upload’s limit before it is sent, naming the limit', () => {
    expect(csvFileError({ name: 'big.csv', type: 'text/csv', size: MAX_LARGE_UPLOAD_BYTES })).toBeNull();
    expect(csvFileError({ name: 'big.csv', type: 'text/csv', size: MAX_LARGE_UPLOAD_BYTES + 1 })).toBe(
      'The file is larger than 50 MB',
    );
  });
});

describe('csvUploadBody', () => {
  it('sends the file in the field named file', () => {
    const file = new File(['SKU\n'], 'p.csv', { type: 'text/csv' });
    const body = csvUploadBody(file);
    expect((body.get('file') as File).name).toBe('p.csv');
  });
});
