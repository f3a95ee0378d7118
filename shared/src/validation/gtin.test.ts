import { describe, expect, it } from 'vitest';
import { productInputSchema } from '../catalogue';

const product = { sku: 'G-1', name: 'Kettle', current_price: 1 };
const gtinOf = (gtin: unknown) => {
  const parsed = productInputSchema.safeParse({ ...product, gtin });
  return parsed.success ? { ok: parsed.data.gtin } : { error: parsed.error.issues[0]?.message };
};
const refused = { error: 'GTIN must be 8, 12, 13 or 14 digits with a valid check digit' };

describe('a product’s GTIN', () => {
  it.each([
    ['96385074', 'GTIN-8 (EAN-8)'],
    ['036000291452', 'GTIN-12 (UPC-A)'],
    ['4006381333931', 'GTIN-13 (EAN-13)'],
    ['04006381333931', 'GTIN-14'],
    ['10614141000415', 'GTIN-14 with a packaging indicator'],
  ])('accepts %s (%s)', (gtin) => {
    expect(gtinOf(gtin)).toEqual({ ok: gtin });
  });

  it('removes the spaces and dashes between digit groups', () => {
    expect(gtinOf(' 4 006381 333931 ')).toEqual({ ok: '4006381333931' });
    expect(gtinOf('0-36000-29145-2')).toEqual({ ok: '036000291452' });
  });

  it.each([
    ['4006381333932', 'a wrong check digit'],
    ['036000291453', 'a wrong check digit on a UPC'],
    ['400638133393', 'an EAN-13 cut to twelve digits'],
    ['9638507', 'seven digits'],
    ['40063813339', 'eleven digits'],
    ['400638133393100', 'fifteen digits'],
    ['4006381333931X', 'a letter'],
    ['ABCDEFGH', 'letters only'],
    ['4006381.333931', 'a dot'],
  ])('refuses %s (%s) with the rule in the message', (gtin) => {
    expect(gtinOf(gtin)).toEqual(refused);
  });

  it('reads blank or missing as none, and refuses a number (it would lose its leading zeros)', () => {
    expect(gtinOf('  ')).toEqual({ ok: null });
    expect(gtinOf(null)).toEqual({ ok: null });
    expect(gtinOf(undefined)).toEqual({ ok: null });
    expect(gtinOf(4006381333931)).toEqual({ error: 'GTIN must be text' });
  });
});

describe('a product’s MPN', () => {
  const mpnOf = (mpn: unknown) => {
    const parsed = productInputSchema.safeParse({ ...product, mpn });
    return parsed.success ? { ok: parsed.data.mpn } : { error: parsed.error.issues[0]?.message };
  };

  it('is optional text: trimmed, NFC, at most 70 characters, no control characters', () => {
    expect(mpnOf(' WK-1.7 ')).toEqual({ ok: 'WK-1.7' });
    expect(mpnOf('CAFE\u0301')).toEqual({ ok: 'CAF\u00C9' });
    expect(mpnOf('')).toEqual({ ok: null });
    expect(mpnOf(undefined)).toEqual({ ok: null });
    expect(mpnOf('x'.repeat(70))).toEqual({ ok: 'x'.repeat(70) });
    expect(mpnOf('x'.repeat(71))).toEqual({ error: 'MPN must be at most 70 characters' });
    expect(mpnOf('WK\u202E1')).toEqual({ error: 'MPN contains characters that are not allowed' });
  });
});
