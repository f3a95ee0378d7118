import { describe, expect, it } from 'vitest';
import { pageCount, pageWindow, showingText } from './pagination-range';

describe('pageWindow', () => {
  it('shows every page when there are five or fewer', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('starts at page 1 near the beginning', () => {
    expect(pageWindow(2, 10)).toEqual([1, 2, 3, 4, 5]);
  });

  it('centres the current page in the middle', () => {
    expect(pageWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
  });

  it('ends at the last page near the end', () => {
    expect(pageWindow(9, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
  });
});

describe('pageCount', () => {
  it('rounds up and never goes below one page', () => {
    expect(pageCount(41, 20)).toBe(3);
    expect(pageCount(40, 20)).toBe(2);
    expect(pageCount(0, 20)).toBe(1);
  });
});

describe('showingText', () => {
  it('counts the rows of a full page', () => {
    expect(showingText(1, 20, 45, 'products')).toBe('Showing 1 to 20 of 45 products');
  });

  it('stops at the last row on the last page', () => {
    expect(showingText(3, 20, 45, 'competitor URLs')).toBe('Showing 41 to 45 of 45 competitor URLs');
  });

  it('shows zeros for an empty list', () => {
    expect(showingText(1, 20, 0, 'products')).toBe('Showing 0 to 0 of 0 products');
  });
});
