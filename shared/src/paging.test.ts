import { describe, expect, it } from 'vitest';
import { clampPage, pageSlice } from './paging';

const items = Array.from({ length: 45 }, (_, i) => i + 1);

describe('pageSlice', () => {
  it('cuts 20 per page', () => {
    expect(pageSlice(items, 1)).toEqual(items.slice(0, 20));
    expect(pageSlice(items, 3)).toEqual([41, 42, 43, 44, 45]);
  });

  it('shows the last page when the requested page no longer exists', () => {
    expect(pageSlice(items, 9)).toEqual([41, 42, 43, 44, 45]);
  });
});

describe('clampPage', () => {
  it('keeps the page within 1..last', () => {
    expect(clampPage(0, 45)).toBe(1);
    expect(clampPage(4, 45)).toBe(3);
    expect(clampPage(2, 0)).toBe(1);
    expect(clampPage(2, 45, 10)).toBe(2);
  });
});
