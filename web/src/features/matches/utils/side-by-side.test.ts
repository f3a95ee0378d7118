import type { MatchSuggestion } from '@cmp/shared';
import { describe, expect, it } from 'vitest';
import { markedWords, reasonText, sideBySide } from './side-by-side';

const suggestion = (
  theirs: Partial<MatchSuggestion['theirs']>,
  ours: Partial<MatchSuggestion['ours']> = {},
) =>
  ({
    reason: 'name',
    score: 0.873,
    ours: {
      id: 1,
      sku: 'K-1',
      name: 'Acme Kettle KX-200',
      brand: 'Acme',
      gtin: '0012345678905',
      mpn: 'KX-200',
      price: 20,
      ...ours,
    },
    theirs: {
      url: 'https://shop.example/p/1',
      name: 'ACME kettle KX200 1.7L',
      brand: 'acme',
      gtins: ['12345678905'],
      mpn: 'kx 200',
      sku: null,
      price: 20,
      currency: 'GBP',
      ...theirs,
    },
  }) as MatchSuggestion;
const money = (amount: number, currency?: string | null) => `${currency ?? 'GBP'} ${amount.toFixed(2)}`;

describe('a suggestion side by side', () => {
  it('marks the words the other name lacks, ignoring case and punctuation', () => {
    expect(markedWords('ACME kettle KX200 1.7L', 'Acme Kettle KX-200')).toEqual([
      { text: 'ACME', differs: false },
      { text: 'kettle', differs: false },
      { text: 'KX200', differs: false },
      { text: '1.7L', differs: true },
    ]);
  });

  it('marks a field only when both sides give it and they differ', () => {
    const same = sideBySide(suggestion({}), money);
    expect(same.map((row) => [row.label, row.differs])).toEqual([
      ['Brand', false],
      ['GTIN', false],
      ['MPN', false],
      ['Price', false],
    ]);
    const other = sideBySide(suggestion({ brand: null, mpn: 'KX-300', price: 18.5, gtins: [] }), money);
    expect(other.map((row) => [row.label, row.theirs, row.differs])).toEqual([
      ['Brand', '—', false],
      ['GTIN', '—', false],
      ['MPN', 'KX-300', true],
      ['Price', 'GBP 18.50', true],
    ]);
  });

  it('says why it was suggested', () => {
    expect(reasonText({ reason: 'gtin', score: 1 })).toBe('Same GTIN');
    expect(reasonText({ reason: 'mpn', score: 1 })).toBe('Same brand and MPN');
    expect(reasonText({ reason: 'name', score: 0.873 })).toBe('Names 87% alike');
  });
});
