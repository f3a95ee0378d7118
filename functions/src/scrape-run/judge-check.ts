/**
 * Decides a check's final outcome (docs/rules.md#check-outcomes) and what it does to the URL's
 * accepted price, from what the page gave and what the URL kept. Pure: record-result.ts stores it.
 *
 * - A price passes only when it is grounded, sure enough (PRICE_CONFIDENCE_FLOOR) and plausible
 *   (the gate): then it becomes the URL's accepted price. Otherwise it is held for review and the
 *   comparison keeps the last accepted price.
 * - A page read without a price for our product (no price, out of stock, wrong product) ends the
 *   accepted price: the competitor no longer offers it at a price we can compare.
 * - A check that could not read the page (blocked, failed) changes nothing but the failure count.
 */
import {
  type CheckOutcomeKind,
  countsInComparison,
  HELD_FOR_REVIEW,
  UNREACHABLE_OUTCOMES,
} from '@cmp/shared';
import { type GatePrice, gatePrice } from './plausibility-gate';

export interface FoundCheck {
  readonly outcome: CheckOutcomeKind;
  readonly message: string;
  readonly price: number | null;
  readonly currency: string | null;
  readonly confidence: number | null;
  readonly ungrounded?: boolean;
  readonly sources?: number;
  readonly from_price?: boolean;
}

/** What the URL keeps between checks for the gate. */
export interface UrlGateState {
  readonly accepted?: GatePrice | null;
  readonly held?: GatePrice | null;
  readonly rejected?: GatePrice | null;
}

/** What the check does to the URL: take its price as accepted, hold it, end the accepted price, or nothing. */
export type GateEffect = 'accept' | 'hold' | 'clear' | 'keep';

export interface Judgement {
  readonly outcome: CheckOutcomeKind;
  readonly message: string;
  readonly effect: GateEffect;
  /** The check could not read the page: one more in the URL's run of failures. */
  readonly unreachable: boolean;
}

export interface JudgeSettings {
  readonly confidenceFloor: number;
  readonly maxJumpRatio: number;
}

export function judgeCheck(found: FoundCheck, url: UrlGateState, settings: JudgeSettings): Judgement {
  const unreachable = UNREACHABLE_OUTCOMES.includes(found.outcome);
  if (found.outcome !== 'ok' || found.price === null) {
    const effect: GateEffect = unreachable || found.outcome === 'review' ? 'keep' : 'clear';
    return { outcome: found.outcome, message: found.message, effect, unreachable };
  }
  const held = (message: string): Judgement => ({ outcome: 'review', message, effect: 'hold', unreachable });
  if (found.ungrounded)
    return held(`${HELD_FOR_REVIEW}only the AI found this price; the page does not show it`);
  if (!countsInComparison(found, settings.confidenceFloor))
    return held(`${HELD_FOR_REVIEW}low confidence (${Math.round((found.confidence ?? 0) * 100)} %)`);
  const check = { price: found.price, currency: found.currency };
  if (url.rejected && sameAmount(url.rejected, check))
    return held(`${HELD_FOR_REVIEW}a person rejected this price before`);
  const verdict = gatePrice(
    { ...check, sources: found.sources ?? 1, from_price: found.from_price ?? false },
    { accepted: url.accepted ?? null, held: url.held ?? null },
    settings.maxJumpRatio,
  );
  return verdict.outcome === 'ok'
    ? { outcome: 'ok', message: verdict.message, effect: 'accept', unreachable }
    : held(verdict.message);
}

function sameAmount(a: GatePrice, b: GatePrice): boolean {
  return a.currency === b.currency && Math.abs(a.price - b.price) < 0.005;
}
