/**
 * The plausibility gate (docs/rules.md#plausibility-gate): a new price far from the URL's last
 * accepted price, backed by one source only, is held for review instead of deciding the comparison:
 * '$100' read as '$1', another variant's price after a page change. It passes once a later check
 * finds the same price again, or a person accepts it. A 'from' price (the low end of a range) is
 * never accepted without a person.
 */
import { DEFAULT_PRICE_JUMP_RATIO, HELD_FOR_REVIEW, pricesEqual } from '@cmp/shared';

export interface GatePrice {
  readonly price: number;
  readonly currency: string | null;
}

export interface GateCheck extends GatePrice {
  /** Independent kinds of source that agree on the price (structured data, the visible page, the model). */
  readonly sources: number;
  readonly from_price: boolean;
}

export interface GateState {
  /** The price the comparison uses for this URL now; null before the first. */
  readonly accepted: GatePrice | null;
  /** The price the last check held for review, if that check's price is still waiting. */
  readonly held: GatePrice | null;
}

export interface GateVerdict {
  readonly outcome: 'ok' | 'review';
  readonly message: string;
}

/** Whether `check` may become the URL's accepted price now, or waits for review. */
export function gatePrice(
  check: GateCheck,
  state: GateState,
  maxRatio = DEFAULT_PRICE_JUMP_RATIO,
): GateVerdict {
  if (check.from_price)
    return review("only a 'from' price (the lowest of a range) was found, which is never taken on its own");
  const { accepted } = state;
  if (!accepted || accepted.currency !== check.currency || accepted.price <= 0) return found();
  const ratio = check.price / accepted.price;
  if (ratio <= maxRatio && ratio >= 1 / maxRatio) return found();
  if (check.sources >= 2)
    return { outcome: 'ok', message: 'Price found; a big change, shown by two sources' };
  if (state.held && state.held.currency === check.currency && pricesEqual(state.held.price, check.price))
    return { outcome: 'ok', message: 'Price confirmed by a second check' };
  const change = ratio > 1 ? `over ${maxRatio}×` : `under 1/${maxRatio} of`;
  return review(
    `${amount(check)} is ${change} the last accepted ${amount(accepted)}, and only one source shows it`,
  );
}

const found = (): GateVerdict => ({ outcome: 'ok', message: 'Price found' });
const review = (why: string): GateVerdict => ({ outcome: 'review', message: `${HELD_FOR_REVIEW}${why}` });
const amount = ({ price, currency }: GatePrice) => `${price.toFixed(2)}${currency ? ` ${currency}` : ''}`;
