import { describe, expect, it } from 'vitest';
import { DRIFT_SLOT_MS, driftedPence, flippingInStock, MAX_DRIFT } from './price-drift';

const START = Date.parse('2026-11-01T00:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
/** Every slot of two weeks. */
const SLOTS = Array.from({ length: (14 * DAY) / DRIFT_SLOT_MS }, (_, i) => START + i * DRIFT_SLOT_MS);

describe('driftedPence', () => {
  it('gives the same price for the same page and time', () => {
    const at = START + 12_345_678;

    expect(driftedPence('/a', 3999, at)).toBe(driftedPence('/a', 3999, at));
  });

  it('holds one price within a 10-minute slot', () => {
    const slotStart = START + 40 * DRIFT_SLOT_MS;

    expect(driftedPence('/a', 3999, slotStart + DRIFT_SLOT_MS - 1)).toBe(driftedPence('/a', 3999, slotStart));
  });

  it.each([999, 3999, 4200, 15500])(
    'stays within ±8%% of a base of %i pence, on a shop price ending',
    (base) => {
      const prices = SLOTS.map((t) => driftedPence(`/page-${base}`, base, t));

      expect(Math.min(...prices)).toBeGreaterThanOrEqual(base * (1 - MAX_DRIFT));
      expect(Math.max(...prices)).toBeLessThanOrEqual(base * (1 + MAX_DRIFT));
      expect(new Set(prices.map((p) => p % 100))).toEqual(new Set([0, 49, 99]));
    },
  );

  it('moves over a day, up and down, in small steps', () => {
    const day = SLOTS.slice(0, DAY / DRIFT_SLOT_MS).map((t) => driftedPence('/kettle', 3999, t));
    const steps = day.slice(1).map((p, i) => p - (day[i] ?? p));

    expect(new Set(day).size).toBeGreaterThan(5);
    expect(steps.some((s) => s > 0)).toBe(true);
    expect(steps.some((s) => s < 0)).toBe(true);
    // 2% of drift per slot at most, plus up to a pound of snapping to an ending either side.
    expect(Math.max(...steps.map(Math.abs))).toBeLessThanOrEqual(3999 * 0.025 + 100);
  });

  it('moves different pages differently', () => {
    const a = SLOTS.slice(0, 100).map((t) => driftedPence('/a', 3999, t));
    const b = SLOTS.slice(0, 100).map((t) => driftedPence('/b', 3999, t));

    expect(a).not.toEqual(b);
  });
});

describe('flippingInStock', () => {
  it('is sometimes out of stock, mostly in stock, and steady within an hour', () => {
    const states = SLOTS.map((t) => flippingInStock('/speaker', t));
    const outShare = states.filter((s) => !s).length / states.length;

    expect(outShare).toBeGreaterThan(0.05);
    expect(outShare).toBeLessThan(0.4);
    const hour = Date.parse('2026-11-03T05:00:00Z');
    expect(flippingInStock('/speaker', hour + 59 * 60 * 1000)).toBe(flippingInStock('/speaker', hour));
  });
});
