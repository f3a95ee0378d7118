// The dashboard row's alert marker (docs/screens.md#alert-marker): a bell linking to the product's
// alerts, named (and tipped) with the kinds since the last run, so it is not told by colour alone.
import { ALERT_KIND_LABELS, type AlertKind } from '@cmp/shared';
import { BellRing } from 'lucide-react';
import { Link } from 'react-router';
import { Tooltip } from '../../../components/ui/tooltip';
import { paths } from '../../../config/paths';

/** 'Alerts since the last run: Undercut, Competitor price change'. */
export const alertMarkerText = (kinds: readonly AlertKind[]) =>
  `Alerts since the last run: ${kinds.map((kind) => ALERT_KIND_LABELS[kind]).join(', ')}`;

export function AlertMarker({ productId, kinds }: { productId: number; kinds: readonly AlertKind[] }) {
  const text = alertMarkerText(kinds);
  return (
    <Tooltip content={text}>
      <Link
        to={`${paths.alerts}?product_id=${productId}`}
        aria-label={text}
        className="inline-flex rounded-sm p-0.5 text-warning focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <BellRing aria-hidden="true" className="size-4" />
      </Link>
    </Tooltip>
  );
}
