import { expect } from 'vitest';
import type { ApiResponse } from './test-stack';

/**
 * Each pair of racing edits of one item: at least one answered 200, and every other answer is the
 * 409 that tells its sender to reload (`changedMeanwhile`).
 */
export function expectOneWinsEachRace(
  pairs: readonly (readonly ApiResponse<unknown>[])[],
  changedMeanwhile: string,
) {
  for (const pair of pairs) {
    expect(pair.some((answer) => answer.status === 200)).toBe(true);
    for (const lost of pair.filter((answer) => answer.status !== 200)) {
      expect(lost.status).toBe(409);
      expect(lost.body).toEqual({ success: false, error: changedMeanwhile });
    }
  }
}
