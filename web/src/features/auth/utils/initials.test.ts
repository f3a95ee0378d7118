import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('initials', () => {
  it('takes the first two letters of the first name, upper-cased', () => {
    expect(initials('Ada')).toBe('AD');
  });

  it('uses the single letter of a one-letter name', () => {
    expect(initials('j')).toBe('J');
  });

  it("shows '?' for an empty or missing name", () => {
    expect(initials('   ')).toBe('?');
    expect(initials(undefined)).toBe('?');
  });

  it('does not split a character outside the basic plane', () => {
    expect(initials('𝒜da')).toBe('𝒜D');
  });
});
