import { describe, expect, it } from 'vitest';
import { importedText, rowErrorsCsv, rowErrorText, skippedRowsText } from './import-summary';

describe('importedText', () => {
  it('names the count and what was imported', () => {
    expect(importedText(12, 'products')).toBe('Successfully imported 12 products');
    expect(importedText(3, 'competitor URLs')).toBe('Successfully imported 3 competitor URLs');
  });

  it('reads "Imported N …" when rows were skipped, as the skipped-rows toast follows (spec §8)', () => {
    expect(importedText(12, 'products', 2)).toBe('Imported 12 products');
    expect(importedText(12, 'products', 0)).toBe('Successfully imported 12 products');
  });
});

describe('skippedRowsText', () => {
  it('lists up to 3 messages joined with semicolons', () => {
    expect(skippedRowsText(['Row 2: a', 'Row 3: b'])).toBe('Skipped rows: Row 2: a; Row 3: b');
    expect(skippedRowsText(['1', '2', '3'])).toBe('Skipped rows: 1; 2; 3');
  });

  it('counts the rest past 3', () => {
    expect(skippedRowsText(['1', '2', '3', '4', '5'])).toBe('Skipped rows: 1; 2; 3 and 2 more');
  });

  it('counts every skipped row when only the first messages were kept (an import job)', () => {
    expect(skippedRowsText(['1', '2', '3', '4'], 2500)).toBe('Skipped rows: 1; 2; 3 and 2497 more');
  });

  it('is null when nothing was skipped', () => {
    expect(skippedRowsText([])).toBeNull();
  });
});

describe('rowErrorsCsv', () => {
  it('writes every row error as Row, SKU, Message, with formula cells neutralised and no SKU left empty', () => {
    const csv = rowErrorsCsv([
      { row: 3, sku: '=CMD()', message: 'Current Price must be a number ≥ 0' },
      { row: 4, sku: null, message: 'SKU is required' },
    ]);

    expect(csv).toBe(
      "\uFEFFRow,SKU,Message\r\n3,'=CMD(),Current Price must be a number ≥ 0\r\n4,,SKU is required\r\n",
    );
  });

  it('names a row as the import reports it', () => {
    expect(rowErrorText({ row: 3, message: 'SKU is required' })).toBe('Row 3: SKU is required');
  });
});
