import { describe, expect, it } from 'vitest';
import { importedText, skippedRowsText } from './import-summary';

describe('importedText', () => {
  it('names the count and what was imported', () => {
    expect(importedText(12, 'products')).toBe('Successfully imported 12 products');
    expect(importedText(3, 'competitor URLs')).toBe('Successfully imported 3 competitor URLs');
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

  it('is null when nothing was skipped', () => {
    expect(skippedRowsText([])).toBeNull();
  });
});
