import { describe, expect, it } from 'vitest';
import { interleave, runOrder } from './interleaving-sequencer';

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

describe('runOrder', () => {
  const file = (project: string, moduleId: string) => ({ project: { name: project }, moduleId });

  it('runs the stack files first, their browser files spread through them, then cdk, then unit', () => {
    const order = runOrder([
      file('cdk', 'a.cdk.test.ts'),
      file('stack', 'b.e2e.ts'),
      file('stack', 'c.int.test.ts'),
      file('stack', 'd.int.test.ts'),
      file('unit', 'e.test.ts'),
      file('stack', 'f.e2e.ts'),
      file('stack', 'g.int.test.ts'),
      file('stack', 'h.int.test.ts'),
    ]);
    expect(order.map((spec) => spec.moduleId)).toEqual([
      'b.e2e.ts',
      'c.int.test.ts',
      'd.int.test.ts',
      'f.e2e.ts',
      'g.int.test.ts',
      'h.int.test.ts',
      'a.cdk.test.ts',
      'e.test.ts',
    ]);
  });

  it('keeps a project it does not know, after the others', () => {
    const order = runOrder([file('other', 'x.test.ts'), file('unit', 'y.test.ts')]);
    expect(order.map((spec) => spec.project.name)).toEqual(['unit', 'other']);
  });
});
