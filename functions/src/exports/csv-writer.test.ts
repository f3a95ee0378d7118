import { describe, expect, it } from 'vitest';
import { attachment } from './csv-writer';

describe('attachment', () => {
  it('names the download after what it holds and the day, with unsafe characters replaced', () => {
    const now = new Date('2026-11-26T23:59:00Z');

    expect(attachment('dashboard', now)).toBe('attachment; filename="dashboard-2026-11-26.csv"');
    expect(attachment('price-history-K/1 "x"', now)).toBe(
      'attachment; filename="price-history-K-1-x-2026-11-26.csv"',
    );
  });
});
