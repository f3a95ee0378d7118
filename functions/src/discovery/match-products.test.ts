import { describe, expect, it } from 'vitest';
import { CatalogueIndex, type CatalogueProduct, type FoundProduct, matchProducts } from './match-products';
import { gtin13, lookAlikeSet } from './test-support/look-alike-catalogue';

const ours = (id: number, name: string, more: Partial<CatalogueProduct> = {}): CatalogueProduct => ({
  id,
  name,
  brand: null,
  gtin: null,
  mpn: null,
  ...more,
});
const theirs = (name: string, more: Partial<FoundProduct> = {}): FoundProduct => ({
  url: `/p/${name}`,
  name,
  brand: null,
  gtins: [],
  mpn: null,
  ...more,
});
const match = (catalogue: CatalogueProduct[], found: FoundProduct[], threshold = 0.8) =>
  matchProducts(new CatalogueIndex(catalogue), found, { threshold });

describe('matching by identifiers', () => {
  it('matches GTINs of any length as one, with score 1', () => {
    const catalogue = [ours(1, 'Kettle', { gtin: '0012345678905' }), ours(2, 'Toaster')];
    expect(match(catalogue, [theirs('Something else', { gtins: ['012345678905'] })])).toEqual([
      { productId: 1, found: 0, reason: 'gtin', score: 1 },
    ]);
  });

  it('ignores a GTIN whose check digit is wrong', () => {
    expect(
      match(
        [ours(1, 'Kettle', { gtin: '0012345678905' })],
        [theirs('Toaster', { gtins: ['0012345678906'] })],
      ),
    ).toEqual([]);
  });

  it('matches an MPN only with the same brand', () => {
    const catalogue = [ours(1, 'Kettle', { mpn: 'KX-200', brand: 'Acme' })];
    expect(match(catalogue, [theirs('Jug', { mpn: 'kx200', brand: 'ACME' })])).toMatchObject([
      { reason: 'mpn', score: 1 },
    ]);
    expect(match(catalogue, [theirs('Jug', { mpn: 'kx200', brand: 'Borealis' })])).toEqual([]);
    expect(match(catalogue, [theirs('Jug', { mpn: 'kx200' })])).toEqual([]);
    expect(match(catalogue, [theirs('Acme Jug', { mpn: 'kx200' })])).toMatchObject([{ reason: 'mpn' }]);
  });
});

describe('matching by names', () => {
  const catalogue = [
    ours(1, 'Sony WH-1000XM4 Headphones Black', { brand: 'Sony' }),
    ours(2, 'Extra Virgin Olive Oil 500ml', { brand: 'Borges' }),
    ours(3, 'Borges Olive Oil 1L'),
  ];

  it('matches a longer title that keeps the model number', () => {
    const [found] = match(catalogue, [theirs('SONY WH1000XM4 Wireless Noise Cancelling Headphones - Black')]);
    expect(found).toMatchObject({ productId: 1, reason: 'name' });
    expect(found?.score).toBeGreaterThan(0.8);
    expect(found?.score).toBeLessThan(1);
  });

  it('never matches another size, model or colour, another brand, or an accessory', () => {
    expect(
      match(catalogue, [
        theirs('Borges Extra Virgin Olive Oil 750ml'),
        theirs('Sony WH-1000XM5 Headphones Black'),
        theirs('Sony WH-1000XM4 Headphones Silver'),
        theirs('Bose WH-1000XM4 Headphones Black', { brand: 'Bose' }),
        theirs('Case for Sony WH-1000XM4 Headphones Black'),
      ]),
    ).toEqual([]);
  });

  it('matches a size written in other units', () => {
    expect(match(catalogue, [theirs('Borges Extra Virgin Olive Oil 0.5 Litre')])).toMatchObject([
      { productId: 2 },
    ]);
  });

  it('suggests nothing below the threshold', () => {
    expect(match(catalogue, [theirs('Olive Oil 1L Spanish Cooking Dressing Bottle Glass')])).toEqual([]);
  });

  it('leaves out pairs it is told to (watched or rejected)', () => {
    const found = [theirs('Sony WH-1000XM4 Headphones Black')];
    const excluded = (productId: number, url: string) => productId === 1 && url === found[0]?.url;
    expect(matchProducts(new CatalogueIndex(catalogue), found, { threshold: 0.8, excluded })).toEqual([]);
  });

  it('gives each product and each found product one suggestion, the best', () => {
    const catalogue = [
      ours(1, 'Acme Kettle KX-200', { gtin: gtin13(5) }),
      ours(2, 'Acme Kettle KX-200 Steel'),
    ];
    const suggestions = match(catalogue, [
      theirs('Acme Kettle KX200 Steel'),
      theirs('Acme Kettle KX-200', { gtins: [gtin13(5)] }),
    ]);
    expect(suggestions).toEqual([
      { productId: 1, found: 1, reason: 'gtin', score: 1 },
      expect.objectContaining({ productId: 2, found: 0, reason: 'name' }),
    ]);
  });
});

describe('a generated catalogue and a competitor listing it its own way', () => {
  const set = lookAlikeSet(3000, 7);
  const suggestions = matchProducts(new CatalogueIndex(set.catalogue), set.found, { threshold: 0.8 });
  const right = (m: { found: number; productId: number }) => set.truth[m.found] === m.productId;

  it('gets every identifier suggestion right', () => {
    const byIds = suggestions.filter((m) => m.reason !== 'name');
    expect(byIds.length).toBeGreaterThan(100);
    expect(byIds.filter((m) => !right(m))).toEqual([]);
  });

  it('gets ≥ 95 % of name suggestions right, and finds ≥ 80 % of the pairs only names can tell', () => {
    const byName = suggestions.filter((m) => m.reason === 'name');
    const nameOnly = set.truth.filter((id, at) => id !== null && !set.identified[at]).length;
    const found = byName.filter((m) => right(m) && !set.identified[m.found]).length;
    expect(byName.filter(right).length / byName.length).toBeGreaterThanOrEqual(0.95);
    expect(found / nameOnly).toBeGreaterThanOrEqual(0.8);
  });

  it('never suggests a look-alike', () => {
    expect(suggestions.filter((m) => set.lookAlike[m.found])).toEqual([]);
  });
});
