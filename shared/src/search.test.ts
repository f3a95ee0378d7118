import { describe, expect, it } from 'vitest';
import {
  countOccurrences,
  matchesAllWords,
  SEARCH_SCORES,
  searchAndRank,
  searchScore,
  searchWords,
} from './search';

const item = (name: string, sku: string) => ({ name, sku });

describe('matchesAllWords', () => {
  it('needs every word in the name or the SKU, ignoring case', () => {
    const kettle = item('Steel Kettle 1.7L', 'KT-100');
    expect(matchesAllWords(kettle, 'kettle kt')).toBe(true);
    expect(matchesAllWords(kettle, 'STEEL 1.7l')).toBe(true);
    expect(matchesAllWords(kettle, 'kettle toaster')).toBe(false);
  });

  it('matches everything for a blank query', () => {
    expect(matchesAllWords(item('A', 'B'), '   ')).toBe(true);
  });
});

describe('searchScore', () => {
  it('scores each tier with the spec numbers plus occurrences', () => {
    // exact name 100 + one name occurrence 5
    expect(searchScore(item('Kettle', 'X-1'), 'kettle')).toBe(105);
    // exact SKU 90 + one SKU occurrence 3
    expect(searchScore(item('Toaster', 'KT-100'), 'kt-100')).toBe(93);
    // name starts with 50 + 5
    expect(searchScore(item('Kettle Steel', 'X-1'), 'kettle')).toBe(55);
    // SKU starts with 45 + 3
    expect(searchScore(item('Toaster', 'KT-100'), 'kt')).toBe(48);
    // name contains 20 + 5
    expect(searchScore(item('Steel Kettle', 'X-1'), 'kettle')).toBe(25);
    // SKU contains 15 + 3
    expect(searchScore(item('Toaster', 'AB-KT'), 'kt')).toBe(18);
  });

  it('adds the name and SKU tiers and counts every occurrence', () => {
    // name contains 20 + SKU starts with 45 + 2 name occurrences x 5 + 1 SKU occurrence x 3
    expect(searchScore(item('Big mug and mug lid', 'MUG-2'), 'mug')).toBe(20 + 45 + 10 + 3);
    expect(SEARCH_SCORES.perNameOccurrence).toBe(5);
  });

  it('applies the tiers to the whole query and the occurrences per word', () => {
    // 'red kettle' is not contained as a phrase: only occurrences, 5 + 5
    expect(searchScore(item('Kettle Red', 'K-1'), 'red kettle')).toBe(10);
    // phrase at the start: 50, plus 5 + 5
    expect(searchScore(item('Red Kettle Large', 'K-1'), '  RED   kettle ')).toBe(60);
  });
});

describe('searchAndRank', () => {
  const catalogue = [
    item('Steel Kettle', 'ST-1'), // contains 20 + 5 = 25
    item('Kettle', 'K-1'), // exact 100 + 5 = 105
    item('Toaster', 'KETTLE'), // exact SKU 90 + 3 = 93
    item('Kettle Deluxe', 'K-2'), // starts 50 + 5 = 55
    item('Toaster Deluxe', 'T-1'), // no match
  ];

  it('drops non-matching items and orders by score', () => {
    expect(searchAndRank(catalogue, 'kettle').map((p) => p.name)).toEqual([
      'Kettle',
      'Toaster',
      'Kettle Deluxe',
      'Steel Kettle',
    ]);
  });

  it('keeps the input order for equal scores and for a blank query', () => {
    const twins = [item('Blue Mug', 'M-1'), item('Red Mug', 'M-2')];
    expect(searchAndRank(twins, 'mug').map((p) => p.sku)).toEqual(['M-1', 'M-2']);
    expect(searchAndRank(catalogue, '').map((p) => p.sku)).toEqual(catalogue.map((p) => p.sku));
  });
});

describe('helpers', () => {
  it('splits a query into distinct lower-case words', () => {
    expect(searchWords('  Mug  mug LID ')).toEqual(['mug', 'lid']);
    expect(searchWords('   ')).toEqual([]);
  });

  it('counts non-overlapping occurrences', () => {
    expect(countOccurrences('aaaa', 'aa')).toBe(2);
    expect(countOccurrences('mug', '')).toBe(0);
  });
});
