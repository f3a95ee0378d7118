import { describe, expect, it } from 'vitest';
import { awaitsDecision, countByOutcome, outcomeOfLegacyCheck } from './check-outcome';

describe('awaitsDecision', () => {
  it('is true for a price held for review, false once a person rejected it or for any other outcome', () => {
    expect(awaitsDecision({ outcome: 'review', message: 'Held for review: low confidence (35 %)' })).toBe(
      true,
    );
    expect(
      awaitsDecision({
        outcome: 'review',
        message: 'Price rejected by Admin; the comparison keeps the last accepted price',
      }),
    ).toBe(false);
    expect(awaitsDecision({ outcome: 'ok', message: 'Held for review: nothing' })).toBe(false);
  });
});

describe('outcomes of checks kept before outcomes were stored', () => {
  it('are ok with a price, failed with an error, no_price otherwise', () => {
    expect(outcomeOfLegacyCheck({ price: 3, error_message: null }).outcome).toBe('ok');
    expect(outcomeOfLegacyCheck({ price: null, error_message: 'HTTP 500' })).toEqual({
      outcome: 'failed',
      message: 'HTTP 500',
    });
    expect(outcomeOfLegacyCheck({ price: null, error_message: null }).outcome).toBe('no_price');
  });
});

describe('countByOutcome', () => {
  it('counts every outcome, zero included', () => {
    expect(countByOutcome(['ok', 'blocked', 'ok'])).toEqual({
      ok: 2,
      no_price: 0,
      out_of_stock_no_price: 0,
      review: 0,
      wrong_product: 0,
      blocked: 1,
      failed: 0,
    });
  });
});
