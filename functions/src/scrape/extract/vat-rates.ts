/**
 * The VAT (GST) rates in percent, standard and reduced, of the countries whose shops print prices
 * with tax included: a shop system may write its structured price net of them while the buy box
 * shows the gross price. Countries that add sales tax at checkout (the US, Canada) are not listed.
 * Rates as in force in 2026.
 */
const VAT_RATES: Readonly<Record<string, readonly number[]>> = {
  AT: [20, 13, 10],
  AU: [10],
  BE: [21, 12, 6],
  BG: [20, 9],
  CH: [8.1, 3.8, 2.6],
  CY: [19, 9, 5],
  CZ: [21, 12],
  DE: [19, 7],
  DK: [25],
  EE: [24, 13, 9],
  ES: [21, 10, 4],
  FI: [25.5, 14, 10],
  FR: [20, 10, 5.5],
  GB: [20, 5],
  GR: [24, 13, 6],
  HR: [25, 13, 5],
  HU: [27, 18, 5],
  IE: [23, 13.5, 9],
  IT: [22, 10, 5, 4],
  JP: [10, 8],
  LT: [21, 9, 5],
  LU: [17, 14, 8, 3],
  LV: [21, 12, 5],
  MT: [18, 7, 5],
  NL: [21, 9],
  NO: [25, 15, 12],
  NZ: [15],
  PL: [23, 8, 5],
  PT: [23, 13, 6],
  RO: [21, 11],
  SE: [25, 12, 6],
  SI: [22, 9.5, 5],
  SK: [23, 19, 5],
  TR: [20, 10, 1],
  UA: [20, 7],
  ZA: [15],
};

/** Cents of rounding a shop may show between its net price times the rate and its gross price. */
const ROUNDING = 0.01;

/**
 * The VAT rate (percent) of `country` at which `net` plus tax is `gross` within a cent, or null:
 * '84.03' net is '100.00' gross at 19 % in Germany.
 */
export function vatRateBetween(net: string, gross: string, country: string | null): number | null {
  const rates = country ? VAT_RATES[country] : undefined;
  const netAmount = Number(net);
  const grossAmount = Number(gross);
  if (!rates || !(netAmount > 0) || !(grossAmount > netAmount)) return null;
  return (
    rates.find((rate) => Math.abs((netAmount * (100 + rate)) / 100 - grossAmount) <= ROUNDING + 1e-9) ?? null
  );
}
