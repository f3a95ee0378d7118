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

export function StatusBadge({ status }: { status: ComparisonStatus }) {
  return <Badge variant={variants[status]}>{statusLabel(status)}</Badge>;
}
