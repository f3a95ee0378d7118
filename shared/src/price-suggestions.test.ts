import { describe, expect, it } from 'vitest';
import { directionOf, ruleFor } from './price-suggestions';

describe('which rule suggests a product’s price', () => {
  const rules = [
    { id: 1, scope: { skus: ['K-1'] } },
    { id: 2, scope: { category_ids: [7] } },
    { id: 3, scope: 'all' as const },
  ];

  it('is the first whose scope takes the product: its SKU, its category, or all', () => {
    expect(ruleFor(rules, { sku: 'K-1', category_id: 7 })?.id).toBe(1);
    expect(ruleFor(rules, { sku: 'K-2', category_id: 7 })?.id).toBe(2);
    expect(ruleFor(rules, { sku: 'K-2', category_id: null })?.id).toBe(3);
    expect(ruleFor(rules.slice(0, 2), { sku: 'K-2', category_id: 8 })).toBeUndefined();
  });

  it('says which way it moves the price', () => {
    expect([
      directionOf({ change: 1.5 }),
      directionOf({ change: -0.01 }),
      directionOf({ change: 0 }),
      directionOf({ change: null }),
    ]).toEqual(['up', 'down', 'none', 'none']);
  });
});
