import { describe, expect, it } from 'vitest';
import { coloursAgree, nameFeatures, numbersAgree } from './name-features';

const agree = (a: string, b: string) => numbersAgree(nameFeatures(a), nameFeatures(b));

describe('a name’s numbers', () => {
  it('reads sizes in one unit per kind, however the shop writes them', () => {
    expect(nameFeatures('Olive Oil 0,5 L').numbers).toEqual(['size:ml:500']);
    expect(agree('Olive Oil 500ml', 'OLIVE OIL 0.5 Litre')).toBe(true);
    expect(agree('Dog food 2kg', 'Dog Food 2000 g')).toBe(true);
    expect(agree('Monitor 27"', 'Monitor 27 inch')).toBe(true);
    expect(agree('Card 1TB', 'Card 1000GB')).toBe(true);
  });

  it('tells sizes, pack counts and model numbers apart', () => {
    expect(agree('Shampoo 250ml', 'Shampoo 400ml')).toBe(false);
    expect(agree('Cola 6 x 330ml', 'Cola 330ml')).toBe(false);
    expect(agree('Cola 6 x 330ml', 'Cola 330 ml (pack of 6)')).toBe(true);
    expect(agree('Batteries 4-pack', 'Batteries x4')).toBe(true);
    expect(agree('Kettle KX-200', 'Kettle KX-250')).toBe(false);
    expect(agree('Kettle KX-200', 'kettle kx200')).toBe(true);
    expect(agree('Soap (Pack of 1)', 'Soap')).toBe(true);
  });

  it('lets a number only one name gives pass, but never a pack count', () => {
    expect(agree('Toaster T-20 Black', 'Toaster T20 Black, 2 slices')).toBe(true);
    expect(agree('Kettle KX-200', 'Kettle KX-200 (shop code AB12)')).toBe(true);
    expect(agree('Kettle KX-200 1.7L', 'Kettle KX-200')).toBe(true);
    expect(agree('Cola 330ml', 'Cola 330ml 6 pack')).toBe(false);
  });

  it('keeps bare numbers, so another generation is another product', () => {
    expect(agree('Phone 14 128GB', 'Phone 15 128GB')).toBe(false);
    expect(agree('Phone 014', 'Phone 14')).toBe(true);
  });
});

describe('a name’s words and colours', () => {
  it('folds case, accents and plurals, and drops filler words', () => {
    expect(nameFeatures('Crème Brûlée Set with Torches').words).toEqual(['creme', 'brulee', 'set', 'torche']);
  });

  it('adds the brand as a word when the name leaves it out', () => {
    expect(nameFeatures('Kettle', 'Bang & Olufsen').words).toEqual(['bang', 'olufsen', 'kettle']);
    expect(nameFeatures('Borealis Kettle', 'Borealis').words).toEqual(['boreali', 'kettle']);
  });

  it('lets colours disagree only when both names give one', () => {
    const colours = (a: string, b: string) => coloursAgree(nameFeatures(a), nameFeatures(b));
    expect(colours('Kettle Black', 'Kettle Black')).toBe(true);
    expect(colours('Kettle Black', 'Kettle')).toBe(true);
    expect(colours('Kettle Black', 'Kettle White')).toBe(false);
    expect(colours('Kettle Gray', 'Kettle grey')).toBe(true);
  });
});
