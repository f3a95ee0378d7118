import { describe, expect, it } from 'vitest';
import {
  type ConsideredOffer,
  PRICE_ROUNDINGS,
  PRICING_TARGETS,
  type PricingRule,
  type PricingRuleInput,
  pricingRuleSchema,
  roundToEnding,
  suggestPrice,
} from './pricing-rules';

const rule = (fields: Partial<PricingRuleInput> = {}): PricingRule =>
  pricingRuleSchema.parse({
    name: 'Rule',
    scope: 'all',
    target: 'match_lowest',
    competitors: 'all',
    floor: { amount: 1 },
    ...fields,
  });
const offer = (host: string, price: number, in_stock: boolean | null = true): ConsideredOffer => ({
  host,
  price,
  in_stock,
});

describe('a pricing rule', () => {
  it('is checked with the field and its rule, and filled with its defaults', () => {
    expect(rule()).toMatchObject({
      in_stock_only: false,
      min_competitors: 1,
      ceiling: null,
      rounding: 'none',
      max_change_percent: null,
    });
    const wrong = (fields: Partial<PricingRuleInput>) =>
      pricingRuleSchema.safeParse({
        name: 'R',
        scope: 'all',
        target: 'match_lowest',
        competitors: 'all',
        floor: { amount: 1 },
        ...fields,
      }).error?.issues[0];
    expect(wrong({ target: 'beat_lowest' })).toMatchObject({
      path: ['by_amount'],
      message: 'beat_lowest takes by_amount or by_percent, one of them',
    });
    expect(wrong({ target: 'beat_lowest', by_amount: 1, by_percent: 2 })?.message).toBe(
      'beat_lowest takes by_amount or by_percent, one of them',
    );
    expect(wrong({ target: 'within_percent_of_lowest' })?.message).toBe(
      'within_percent_of_lowest takes by_percent',
    );
    expect(wrong({ floor: { amount: 1.234 } })?.message).toBe('amount must have at most 2 decimals');
    expect(wrong({ floor: { percent: 3 } as never })?.message).toBe(
      'A floor or ceiling is { margin_percent } or { amount }',
    );
    expect(wrong({ rounding: '0.49' as never })?.message).toBe(
      'rounding must be one of none, 0.99, 0.95, whole',
    );
    expect(wrong({ min_competitors: 0 })?.message).toBe(
      'min_competitors must be a whole number from 1 to 50',
    );
    expect(wrong({ scope: { skus: [] } })?.message).toBe('skus must name at least one SKU');
    expect(wrong({ scope: 'some' as never })?.message).toBe("scope is 'all', { category_ids } or { skus }");
  });
});

describe('a suggested price, worked in order', () => {
  it('beats the lowest by a percent, then the floor over cost binds', () => {
    expect(
      suggestPrice(
        rule({ target: 'beat_lowest', by_percent: 1, floor: { margin_percent: 20 } }),
        { current_price: 21, cost: 16 },
        [offer('a.example', 19), offer('b.example', 22)],
      ),
    ).toEqual({
      ok: true,
      suggested_price: 19.2,
      competitors: ['a.example'],
      reason: 'Beat lowest by 1 % → 18.81; floor (cost 16.00 + 20 %) → 19.20',
    });
  });

  it('rounds down to the nearest ending, and up to the next one where down falls under the floor', () => {
    const at = (rounding: PricingRule['rounding'], floor = 1) =>
      suggestPrice(rule({ rounding, floor: { amount: floor } }), { current_price: 20, cost: null }, [
        offer('a', 19.24),
      ]);
    expect(at('0.99')).toMatchObject({
      suggested_price: 18.99,
      reason: 'Match lowest → 19.24; rounded to 0.99 → 18.99',
    });
    expect(at('0.95')).toMatchObject({ suggested_price: 18.95 });
    expect(at('whole')).toMatchObject({
      suggested_price: 19,
      reason: 'Match lowest → 19.24; rounded to a whole amount → 19.00',
    });
    expect(at('0.99', 19.1)).toMatchObject({ suggested_price: 19.99 });
    expect(at('whole', 19.1)).toMatchObject({ suggested_price: 20 });
    expect(roundToEnding(1999, '0.99')).toBe(1999);
    expect(roundToEnding(2000, '0.95')).toBe(1995);
  });

  it('limits the change per step, and keeps a price already within the band above the lowest', () => {
    expect(
      suggestPrice(rule({ max_change_percent: 10 }), { current_price: 20, cost: null }, [offer('a', 15)]),
    ).toMatchObject({ suggested_price: 18, reason: 'Match lowest → 15.00; max change 10 % → 18.00' });
    const within = rule({ target: 'within_percent_of_lowest', by_percent: 5 });
    expect(suggestPrice(within, { current_price: 20, cost: null }, [offer('a', 19.5)])).toMatchObject({
      suggested_price: 20,
      reason: 'Within 5 % of lowest: current 20.00 kept',
    });
    expect(suggestPrice(within, { current_price: 25, cost: null }, [offer('a', 19.5)])).toMatchObject({
      suggested_price: 20.48,
      reason: 'Within 5 % of lowest → 20.48',
    });
  });

  it('considers only the competitors named, in stock when asked, and needs enough of them', () => {
    const offers = [
      offer('a.example', 10, false),
      offer('b.example', 12),
      offer('c.example', 14),
      offer('d.example', 9),
    ];
    expect(
      suggestPrice(
        rule({
          target: 'match_average',
          competitors: ['A.example', 'b.example', 'c.example'],
          in_stock_only: true,
        }),
        { current_price: 20, cost: null },
        offers,
      ),
    ).toEqual({
      ok: true,
      suggested_price: 13,
      competitors: ['b.example', 'c.example'],
      reason: 'Match average of 2 → 13.00',
    });
    expect(
      suggestPrice(
        rule({ competitors: ['b.example'], min_competitors: 2 }),
        { current_price: 20, cost: null },
        offers,
      ),
    ).toEqual({ ok: false, reason: 'Too few competitors: 1 of the 2 needed' });
    expect(
      suggestPrice(rule({ floor: { margin_percent: 10 } }), { current_price: 20, cost: null }, offers),
    ).toEqual({ ok: false, reason: 'No cost for the margin the rule needs' });
  });

  it('holds over generated cases: never under the floor, within the ceiling and the change limit when they bind nothing else, on its ending', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const money = (from: number, to: number) => Math.round((from + random() * (to - from)) * 100) / 100;
    for (let n = 0; n < 3000; n++) {
      const target = PRICING_TARGETS[Math.floor(random() * PRICING_TARGETS.length)] as PricingRule['target'];
      const rounding = PRICE_ROUNDINGS[
        Math.floor(random() * PRICE_ROUNDINGS.length)
      ] as PricingRule['rounding'];
      const cost = money(1, 50);
      const floorMargin = Math.round(random() * 40);
      const ceiling = random() < 0.5 ? { amount: money(20, 120) } : null;
      const maxChange = random() < 0.5 ? Math.ceil(random() * 30) : null;
      const r = rule({
        target,
        ...(target === 'beat_lowest'
          ? random() < 0.5
            ? { by_amount: money(0.01, 3) }
            : { by_percent: 1 + Math.floor(random() * 10) }
          : {}),
        ...(target === 'within_percent_of_lowest' ? { by_percent: 1 + Math.floor(random() * 10) } : {}),
        floor: { margin_percent: floorMargin },
        ceiling,
        rounding,
        max_change_percent: maxChange,
      });
      const current = money(5, 150);
      const offers = Array.from({ length: 1 + Math.floor(random() * 4) }, (_, i) =>
        offer(`s${i}`, money(5, 150)),
      );
      const answer = suggestPrice(r, { current_price: current, cost }, offers);
      if (!answer.ok) throw new Error(`no suggestion: ${answer.reason}`);
      const floorCents = Math.round(cost * (100 + floorMargin) + 1e-6);
      const got = Math.round(answer.suggested_price * 100);
      const why = `${JSON.stringify(r)} current ${current} offers ${JSON.stringify(offers)}: ${answer.reason}`;
      expect(got, why).toBeGreaterThanOrEqual(floorCents);
      if (rounding === '0.99') expect(got % 100, why).toBe(99);
      if (rounding === '0.95') expect(got % 100, why).toBe(95);
      if (rounding === 'whole') expect(got % 100, why).toBe(0);
      if (rounding === 'none') {
        expect(
          answer.reason.endsWith(`→ ${(got / 100).toFixed(2)}`) || answer.reason.endsWith('kept'),
          why,
        ).toBe(true);
        const bound = answer.reason.includes('floor') || answer.reason.includes('ceiling');
        if (maxChange !== null && !bound)
          expect(Math.abs(got - current * 100), why).toBeLessThanOrEqual(current * maxChange + 1);
        const ceilingCents = ceiling && Math.round(ceiling.amount * 100);
        if (ceilingCents && ceilingCents >= floorCents) expect(got, why).toBeLessThanOrEqual(ceilingCents);
      }
    }
  });
});
