// The GTIN (EAN, UPC) rule of a product (docs/rules.md#8-validation): the scraper compares it with the
// GTINs on a competitor page, so a mistyped one would pass another product off as ours.
import * as z from 'zod';

/** The lengths GS1 issues: GTIN-8, GTIN-12 (UPC-A), GTIN-13 (EAN-13) and GTIN-14. */
const GTIN_DIGITS = /^(\d{8}|\d{12,14})$/;

/** Whether `digits` is a GTIN whose last digit is the GS1 mod-10 check digit of the others. */
export function isValidGtin(digits: string): boolean {
  if (!GTIN_DIGITS.test(digits)) return false;
  // From the right, the digits before the check digit weigh 3, 1, 3, 1, …
  let sum = 0;
  for (let i = digits.length - 2, weight = 3; i >= 0; i--, weight = 4 - weight)
    sum += Number(digits[i]) * weight;
  return (10 - (sum % 10)) % 10 === Number(digits[digits.length - 1]);
}

export const gtinMessage = (label: string) =>
  `${label} must be 8, 12, 13 or 14 digits with a valid check digit`;

/**
 * An optional GTIN as typed or sent: the spaces and dashes people put between the digit groups
 * ('4 006381 333931') are removed; blank or missing is null.
 */
export const optionalGtin = (label: string) =>
  z
    .string(`${label} must be text`)
    .transform((value) => value.replace(/[\s-]/g, ''))
    .refine((digits) => digits === '' || isValidGtin(digits), gtinMessage(label))
    .nullish()
    .transform((value) => (value ? value : null));
