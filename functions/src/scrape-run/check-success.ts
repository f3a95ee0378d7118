import { type CheckOutcome, countsInComparison } from '@cmp/shared';
import { comparisonConfigSchema, settingsSection } from '../config';

const comparisonSettings = settingsSection('price comparison', comparisonConfigSchema);

/** The confidence a competitor price needs to be compared or counted (PRICE_CONFIDENCE_FLOOR). */
export const priceConfidenceFloor = (): number => comparisonSettings().PRICE_CONFIDENCE_FLOOR;

/** The plausibility gate's ratio (PRICE_JUMP_RATIO). */
export const priceJumpRatio = (): number => comparisonSettings().PRICE_JUMP_RATIO;

/**
 * A check succeeded when its price passed (outcome 'ok'): one held for review, a guess, a page
 * without a price or one that could not be read counts as failed in the run's figures and the
 * overview's success rate. A record kept before outcomes were stored is judged as it was then.
 */
export const isSuccess = (
  check: Pick<CheckOutcome, 'price' | 'confidence' | 'ungrounded' | 'error_message'> &
    Partial<Pick<CheckOutcome, 'outcome'>>,
): boolean =>
  check.outcome
    ? check.outcome === 'ok'
    : !check.error_message && countsInComparison(check, priceConfidenceFloor());
