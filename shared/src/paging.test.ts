import { describe, expect, it } from 'vitest';
import { clampPage } from './paging';

describe('clampPage', () => {
  it('keeps the page within 1..last', () => {
    expect(clampPage(0, 45)).toBe(1);
    expect(clampPage(4, 45)).toBe(3);
    expect(clampPage(2, 0)).toBe(1);
    expect(clampPage(2, 45, 10)).toBe(2);
  });
});
