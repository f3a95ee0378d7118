import { describe, expect, it } from 'vitest';
import { competitorNameFromUrl, formatDateTime, formatMoney, truncateUrl } from './display';

// Newer ICU puts a narrow no-break space before AM/PM.
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('formatMoney', () => {
  it('formats in the given currency with 2 decimals', () => {
    expect(formatMoney(1234.5, 'GBP')).toBe('£1,234.50');
    expect(formatMoney(49, 'USD')).toBe('$49.00');
    expect(plain(formatMoney(0.005, 'EUR'))).toBe('€0.01');
  });

  it('shows N/A for a missing amount', () => {
    expect(formatMoney(null, 'GBP')).toBe('N/A');
    expect(formatMoney(undefined, 'GBP')).toBe('N/A');
  });
});

describe('formatDateTime', () => {
  it('uses the US short format with hour and minute', () => {
    expect(plain(formatDateTime('2026-03-05T14:07:00Z', 'UTC'))).toBe('Mar 5, 2026, 02:07 PM');
    expect(plain(formatDateTime('2026-12-31T23:59:00Z', 'America/New_York'))).toBe('Dec 31, 2026, 06:59 PM');
  });

  it("shows 'Never' when missing or unreadable", () => {
    expect(formatDateTime(null)).toBe('Never');
    expect(formatDateTime('')).toBe('Never');
    expect(formatDateTime('not a date')).toBe('Never');
  });
});

describe('competitorNameFromUrl', () => {
  it('takes the host without a leading www.', () => {
    expect(competitorNameFromUrl('https://www.argos.co.uk/product/123')).toBe('argos.co.uk');
    expect(competitorNameFromUrl('http://shop.example.com:8080/p')).toBe('shop.example.com');
    expect(competitorNameFromUrl('https://wwwshop.example/p')).toBe('wwwshop.example');
  });

  it("falls back to 'Unknown Competitor'", () => {
    expect(competitorNameFromUrl('not a url')).toBe('Unknown Competitor');
    expect(competitorNameFromUrl('')).toBe('Unknown Competitor');
  });
});

describe('truncateUrl', () => {
  it('keeps 50 characters and adds an ellipsis when longer', () => {
    const long = `https://example.com/${'a'.repeat(40)}`; // 60 characters
    expect(truncateUrl(long)).toBe(`${long.slice(0, 50)}...`);
    expect(truncateUrl(long)).toHaveLength(53);
  });

  it('leaves a URL of 50 characters or fewer alone', () => {
    const exact = `https://example.com/${'b'.repeat(30)}`;
    expect(exact).toHaveLength(50);
    expect(truncateUrl(exact)).toBe(exact);
  });
});
