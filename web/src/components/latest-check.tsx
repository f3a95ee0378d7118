// A competitor URL's latest check in full, for the price dialogs: outcome badge, time, message, the
// advice for a blocked shop, and `children` (the review actions) below.
import type { ReactNode } from 'react';
import type { CheckView } from '../lib/check-view';
import { Badge } from './ui/badge';

export function OutcomeBadge({ check }: { check: Pick<CheckView, 'label' | 'tone'> }) {
  return <Badge variant={check.tone}>{check.label}</Badge>;
}

export function LatestCheck({ check, children }: { check: CheckView; children?: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <p className="flex flex-wrap items-center gap-2">
        <OutcomeBadge check={check} />
        <span className="text-xs text-muted-foreground">{check.when}</span>
      </p>
      <p>{check.message}</p>
      {check.failuresInRow ? <p className="text-xs text-muted-foreground">{check.failuresInRow}</p> : null}
      {check.advice ? <p className="text-warning">{check.advice}</p> : null}
      {children}
    </div>
  );
}
