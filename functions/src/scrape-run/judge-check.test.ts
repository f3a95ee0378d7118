import { describe, expect, it } from 'vitest';
import { type FoundCheck, judgeCheck } from './judge-check';

const settings = { confidenceFloor: 0.5, maxJumpRatio: 2 };
const priced = (price: number, extra: Partial<FoundCheck> = {}): FoundCheck => ({
  outcome: 'ok',
  message: 'Price found',
  price,
  currency: 'GBP',
  confidence: 0.9,
  sources: 1,
  ...extra,
});
const gbp = (price: number) => ({ price, currency: 'GBP' });
const noPrice = (outcome: FoundCheck['outcome'], message: string): FoundCheck => ({
  outcome,
  message,
  price: null,
  currency: null,
  confidence: 0,
});

describe('judging a check', () => {
  it('accepts a first price, and a plausible change', () => {
    expect(judgeCheck(priced(10), {}, settings)).toEqual({
      outcome: 'ok',
      message: 'Price found',
      effect: 'accept',
      unreachable: false,
    });
    expect(judgeCheck(priced(12), { accepted: gbp(10) }, settings).effect).toBe('accept');
  });

  it('holds a jump from one source, and lets the next check confirm it', () => {
    const jump = judgeCheck(priced(1), { accepted: gbp(100) }, settings);
    expect(jump).toMatchObject({ outcome: 'review', effect: 'hold' });
    expect(judgeCheck(priced(1), { accepted: gbp(100), held: gbp(1) }, settings)).toMatchObject({
      outcome: 'ok',
      effect: 'accept',
      message: 'Price confirmed by a second check',
    });
  });

  it('holds a price only the model found, or one below the confidence floor, whatever the next check says', () => {
    const ungrounded = priced(10, { ungrounded: true, confidence: 0.3 });
    expect(judgeCheck(ungrounded, { held: gbp(10) }, settings)).toMatchObject({
      outcome: 'review',
      message: 'Held for review: only the AI found this price; the page does not show it',
    });
    expect(judgeCheck(priced(10, { confidence: 0.35 }), { held: gbp(10) }, settings)).toMatchObject({
      outcome: 'review',
      message: 'Held for review: low confidence (35 %)',
    });
  });

  it('holds a price a person rejected before', () => {
    expect(
      judgeCheck(priced(1), { accepted: gbp(100), rejected: gbp(1), held: gbp(1) }, settings),
    ).toMatchObject({ outcome: 'review', message: 'Held for review: a person rejected this price before' });
  });

  it('ends the accepted price when the page is read without one for our product', () => {
    for (const outcome of ['no_price', 'out_of_stock_no_price', 'wrong_product'] as const)
      expect(judgeCheck(noPrice(outcome, 'x'), { accepted: gbp(10) }, settings)).toMatchObject({
        outcome,
        effect: 'clear',
        unreachable: false,
      });
  });

  it('keeps the accepted price when the page could not be read, counting the failure', () => {
    for (const outcome of ['blocked', 'failed'] as const)
      expect(judgeCheck(noPrice(outcome, 'HTTP 403'), { accepted: gbp(10) }, settings)).toEqual({
        outcome,
        message: 'HTTP 403',
        effect: 'keep',
        unreachable: true,
      });
  });
});
