import { describe, expect, it } from 'vitest';
import { figureOf } from './figure';

describe('figureOf', () => {
  it('keeps a number and drops anything else an answer may hold in its place', () => {
    expect([3, 0, -1.5].map(figureOf)).toEqual([3, 0, -1.5]);
    expect([undefined, null, '3', {}, [], true, Number.NaN, Number.POSITIVE_INFINITY].map(figureOf)).toEqual(
      Array(8).fill(null),
    );
  });
});
