/**
 * How products are known by their identifiers for matching (issue 32): GTINs of every length as one
 * 14-digit form, MPNs and brands as written by different shops.
 */
import { isValidGtin } from '@cmp/shared';

/**
 * A GTIN-8, -12 (UPC-A), -13 (EAN-13) or -14 as its 14-digit form (left-padded with zeros), or null
 * when it is not one with a valid check digit: a UPC and the EAN-13 of one product compare equal.
 */
export function gtin14(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const digits = raw.replace(/[\s-]/g, '');
  return isValidGtin(digits) ? digits.padStart(14, '0') : null;
}

/** Letters and digits only, lower case, accents off: how shops' spellings of one text compare. */
export function folded(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

/** An MPN as compared ('WH-1000XM4' and 'wh1000xm4' are one), or null when it says nothing. */
export function mpnKey(raw: string | null | undefined): string | null {
  const key = raw ? folded(raw) : '';
  return key.length >= 3 ? key : null;
}

/** A brand as compared ('Bang & Olufsen' and 'bang olufsen' are one), or null. */
export function brandKey(raw: string | null | undefined): string | null {
  const key = raw ? folded(raw.replace(/&/g, ' ')) : '';
  return key.length > 0 ? key : null;
}
