import { describe, expect, it } from 'vitest';
import { competitorComparisonText, dashboardComparisonText, pricesEqual } from './price-comparison';

const gbp = (n: number) => `£${n.toFixed(2)}`;

describe('pricesEqual (tolerance 0.01)', () => {
  it('counts a difference below a penny as equal and a penny as different', () => {
    expect(pricesEqual(10, 10.009)).toBe(true);
    expect(pricesEqual(10, 10.01)).toBe(false);
    expect(pricesEqual(10.01, 10)).toBe(false);
  });
});

describe('competitorComparisonText', () => {
  it('says who is cheaper and by how much', () => {
    expect(competitorComparisonText(49.99, 45, gbp)).toBe('Competitor is £4.99 cheaper');
    expect(competitorComparisonText(45, 49.99, gbp)).toBe('We are £4.99 cheaper');
    expect(competitorComparisonText(10, 10.01, gbp)).toBe('We are £0.01 cheaper');
  });

  it('says the prices are equal within the tolerance', () => {
    expect(competitorComparisonText(20, 20.005, gbp)).toBe('Prices are equal');
  });
});

describe('dashboardComparisonText', () => {
  it("describes the competitor's price against ours", () => {
    expect(dashboardComparisonText(50, 55.5, gbp)).toBe('Higher by £5.50');
    expect(dashboardComparisonText(50, 45, gbp)).toBe('Lower by £5.00');
    expect(dashboardComparisonText(50, 50, gbp)).toBe('Prices are equal');
  });
});
