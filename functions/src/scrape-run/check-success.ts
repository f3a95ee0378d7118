import { type CheckOutcome, countsInComparison } from '@cmp/shared';
import { comparisonConfigSchema, settingsSection } from '../config';

const comparisonSettings = settingsSection('price comparison', comparisonConfigSchema);

/** The confidence a competitor price needs to be compared or counted (PRICE_CONFIDENCE_FLOOR). */
export const priceConfidenceFloor = (): number => comparisonSettings().PRICE_CONFIDENCE_FLOOR;

/**
 * A check succeeded when it found a price the comparison may use and nothing failed: a guess is
 * kept, but counts as a failed check in the run's figures and the overview's success rate.
 */
export const isSuccess = (
  check: Pick<CheckOutcome, 'price' | 'confidence' | 'ungrounded' | 'error_message'>,
): boolean => !check.error_message && countsInComparison(check, priceConfidenceFloor());
