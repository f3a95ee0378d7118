import { describe, expect, it } from 'vitest';
import { interleave } from './interleaving-sequencer';

describe('interleave', () => {
  it('spreads the few evenly through the many, the first at the front', () => {
    expect(interleave<string | number>(['A', 'B', 'C'], [1, 2, 3, 4, 5, 6])).toEqual([
      'A',
      1,
      2,
      'B',
      3,
      4,
      'C',
      5,
      6,
    ]);
  });

  it('keeps every item once, in each list’s own order', () => {
    const out = interleave<string | number>(['A', 'B'], [1, 2, 3]);
    expect(out).toHaveLength(5);
    expect(out.filter((x) => typeof x === 'string')).toEqual(['A', 'B']);
    expect(out.filter((x) => typeof x === 'number')).toEqual([1, 2, 3]);
  });

  it('handles either list being empty', () => {
    expect(interleave<number>([], [1, 2])).toEqual([1, 2]);
    expect(interleave(['A', 'B'], [])).toEqual(['A', 'B']);
  });
});
