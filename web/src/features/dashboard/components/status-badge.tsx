import type { ComparisonStatus } from '@cmp/shared';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { statusLabel } from '../utils/comparison-view';

// Lower is good news for the shop (green), higher a warning (red); no data stays neutral.
const variants: Record<ComparisonStatus, BadgeVariant> = {
  LOWER: 'success',
  HIGHER: 'destructive',
  SAME: 'info',
  NO_DATA: 'outline',
};

/** Whose price the status speaks of, in full: our price against the lowest competitor's. */
export const STATUS_MEANINGS: Record<ComparisonStatus, string> = {
  LOWER: "Our price is lower than the lowest competitor's",
  HIGHER: "Our price is higher than the lowest competitor's",
  SAME: "Our price is the same as the lowest competitor's",
  NO_DATA: 'No competitor price to compare with',
};

export function StatusBadge({ status }: { status: ComparisonStatus }) {
  return (
    <Badge variant={variants[status]} title={STATUS_MEANINGS[status]}>
      {statusLabel(status)}
    </Badge>
  );
}
