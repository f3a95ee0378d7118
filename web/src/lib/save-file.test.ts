import { describe, expect, it } from 'vitest';
import { attachmentFileName } from './save-file';

describe('attachmentFileName', () => {
  it('reads the quoted file name of an attachment', () => {
    expect(attachmentFileName('attachment; filename="dashboard-2026-11-26.csv"')).toBe(
      'dashboard-2026-11-26.csv',
    );
  });

  it('is null without a header or a file name', () => {
    expect(attachmentFileName(undefined)).toBeNull();
    expect(attachmentFileName('attachment')).toBeNull();
    expect(attachmentFileName('attachment; filename=""')).toBeNull();
  });
});
