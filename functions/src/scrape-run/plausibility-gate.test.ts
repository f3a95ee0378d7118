import { describe, expect, it } from 'vitest';
import { type GateCheck, type GateState, gatePrice } from './plausibility-gate';

const check = (price: number, extra: Partial<GateCheck> = {}): GateCheck => ({
  price,
  currency: 'GBP',
  sources: 1,
  from_price: false,
  ...extra,
});
const accepted = (price: number, held: number | null = null): GateState => ({
  accepted: { price, currency: 'GBP' },
  held: held === null ? null : { price: held, currency: 'GBP' },
});

describe('the plausibility gate', () => {
  it('accepts the first price of a URL', () => {
    expect(gatePrice(check(1), { accepted: null, held: null })).toEqual({
      outcome: 'ok',
      message: 'Price found',
    });
  });

  it('accepts small and large changes within half to double', () => {
    expect(gatePrice(check(60), accepted(100)).outcome).toBe('ok');
    expect(gatePrice(check(50), accepted(100)).outcome).toBe('ok');
    expect(gatePrice(check(200), accepted(100)).outcome).toBe('ok');
  });

  it("holds a jump one source shows: '$100' read as '$1'", () => {
    expect(gatePrice(check(1), accepted(100))).toEqual({
      outcome: 'review',
      message:
        'Held for review: 1.00 GBP is under 1/2 of the last accepted 100.00 GBP, and only one source shows it',
    });
    expect(gatePrice(check(250), accepted(100)).message).toContain('250.00 GBP is over 2× the last accepted');
  });

  it('lets a jump through at once when two independent sources agree', () => {
    expect(gatePrice(check(1, { sources: 2 }), accepted(100)).outcome).toBe('ok');
  });

  it('accepts a held price once the next check finds it again', () => {
    expect(gatePrice(check(1), accepted(100, 1))).toEqual({
      outcome: 'ok',
      message: 'Price confirmed by a second check',
    });
    expect(gatePrice(check(1.5), accepted(100, 1)).outcome).toBe('review');
  });

  it('follows the configured ratio', () => {
    expect(gatePrice(check(140), accepted(100), 1.3).outcome).toBe('review');
    expect(gatePrice(check(140), accepted(100), 1.5).outcome).toBe('ok');
  });

  it('never accepts a from price on its own, even agreeing with the last', () => {
    expect(gatePrice(check(100, { from_price: true, sources: 2 }), accepted(100)).outcome).toBe('review');
    expect(gatePrice(check(100, { from_price: true }), { accepted: null, held: null }).outcome).toBe(
      'review',
    );
  });

  it('does not compare prices in different currencies', () => {
    expect(gatePrice(check(1, { currency: 'EUR' }), accepted(100)).outcome).toBe('ok');
  });
});
