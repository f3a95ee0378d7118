/**
 * How demo prices move: a pure function of (page seed, time), so every request, test and restart
 * agrees on what a page shows at a given moment, and history and trends still fill up on a dashboard.
 */

/** Prices change at most once per slot. */
export const DRIFT_SLOT_MS = 10 * 60 * 1000;
/** Prices stay within this fraction of the base price either way. */
export const MAX_DRIFT = 0.08;
/** A slow wave (a trend lasting hours) plus a short moving sum of small steps (the jitter). */
const WAVE_AMPLITUDE = 0.04;
const WAVE_SLOTS = 144;
const STEP = 0.01;
const STEP_WINDOW = 4;
/** Stock of a flipping page is decided per hour, out of stock about one hour in five. */
const STOCK_SLOT_MS = 60 * 60 * 1000;
const OUT_OF_STOCK_SHARE = 0.2;
/** Price endings shops use, in pence. */
const ENDINGS = [0, 49, 99];

/** A deterministic number in [0, 1) for a seed and a slot (FNV-1a, then a murmur-style finaliser). */
function unitHash(seed: string, slot: number): number {
  let h = 0x811c9dc5;
  for (const ch of `${seed}:${slot}`) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 2 ** 32;
}

/** The relative offset from the base price at a time, within ±MAX_DRIFT. */
function driftOffset(seed: string, timeMs: number): number {
  const slot = Math.floor(timeMs / DRIFT_SLOT_MS);
  const phase = unitHash(`${seed}/phase`, 0) * 2 * Math.PI;
  let steps = 0;
  for (let i = 0; i < STEP_WINDOW; i++) steps += (unitHash(seed, slot - i) * 2 - 1) * STEP;
  return WAVE_AMPLITUDE * Math.sin((2 * Math.PI * slot) / WAVE_SLOTS + phase) + steps;
}

/**
 * The price in pence a page shows at a time: the base price moved by the drift, then snapped to the
 * nearest .00, .49 or .99 ending that still lies within ±8% of the base.
 *
 * @example driftedPence('kettle', 3999, Date.now()) // e.g. 4149
 */
export function driftedPence(seed: string, basePence: number, timeMs: number): number {
  const low = Math.ceil(basePence * (1 - MAX_DRIFT));
  const high = Math.floor(basePence * (1 + MAX_DRIFT));
  const target = basePence * (1 + driftOffset(seed, timeMs));
  const pounds = Math.floor(target / 100);
  const candidates = [pounds - 1, pounds, pounds + 1]
    .flatMap((p) => ENDINGS.map((e) => p * 100 + e))
    .filter((p) => p >= low && p <= high);
  // Any base above £3.20 has an ending inside its ±8% band; the base itself is only a fallback.
  let best: number | null = null;
  for (const p of candidates) if (best === null || Math.abs(p - target) < Math.abs(best - target)) best = p;
  return best ?? basePence;
}

/** Whether a page whose stock flips is in stock at a time. */
export function flippingInStock(seed: string, timeMs: number): boolean {
  return unitHash(`${seed}/stock`, Math.floor(timeMs / STOCK_SLOT_MS)) >= OUT_OF_STOCK_SHARE;
}
