/**
 * Comparison texts between our price and a competitor's, as the dialogs show them
 * (docs/rules.md#1-price-comparison, tolerance 0.01).
 */

/** Prices closer than this are equal. */
export const PRICE_EQUALITY_TOLERANCE = 0.01;
// Floating point: 10.01 - 10 is 0.00999…, which must still count as one penny apart.
const EPSILON = 1e-9;

/** Whether two prices are equal within the tolerance. */
export function pricesEqual(a: number, b: number): boolean {
  return Math.abs(a - b) < PRICE_EQUALITY_TOLERANCE - EPSILON;
}

/**
 * The competitors page price dialog: who is cheaper, by how much.
 * @example competitorComparisonText(50, 45, fmt) // 'Competitor is £5.00 cheaper'
 */
export function competitorComparisonText(
  ourPrice: number,
  competitorPrice: number,
  format: (amount: number) => string,
): string {
  if (pricesEqual(ourPrice, competitorPrice)) return 'Prices are equal';
  const gap = format(Math.abs(ourPrice - competitorPrice));
  return competitorPrice < ourPrice ? `Competitor is ${gap} cheaper` : `We are ${gap} cheaper`;
}

/**
 * The dashboard's competitor dialog: the competitor's price relative to ours.
 * @example dashboardComparisonText(50, 45, fmt) // 'Lower by £5.00'
 */
export function dashboardComparisonText(
  ourPrice: number,
  competitorPrice: number,
  format: (amount: number) => string,
): string {
  if (pricesEqual(ourPrice, competitorPrice)) return 'Prices are equal';
  const gap = format(Math.abs(ourPrice - competitorPrice));
  return competitorPrice > ourPrice ? `Higher by ${gap}` : `Lower by ${gap}`;
}
