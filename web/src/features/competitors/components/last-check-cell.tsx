// The Last check column: the outcome badge, whose message shows on hover and on keyboard focus and is
// the badge's accessible description, and the time below; a click opens the price dialog with it all.
import type { CompetitorUrl } from '@cmp/shared';
import { useId } from 'react';
import { OutcomeBadge } from '../../../components/latest-check';
import { Tooltip } from '../../../components/ui/tooltip';
import { checkView, NOT_CHECKED } from '../../../lib/check-view';

export function LastCheckCell({ competitor, onOpen }: { competitor: CompetitorUrl; onOpen(): void }) {
  const messageId = useId();
  if (!competitor.last_check) return <span className="text-xs text-muted-foreground">{NOT_CHECKED}</span>;
  const check = checkView(competitor.last_check);
  return (
    <div className="flex flex-col items-start gap-0.5">
      <Tooltip content={check.message}>
        <button
          type="button"
          // Starts with the badge text, so speech input can say it (WCAG 2.5.3).
          aria-label={`${check.label}: latest check of ${competitor.competitor_name} for ${competitor.product.name}`}
          aria-describedby={messageId}
          onClick={onOpen}
          className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
        >
          <OutcomeBadge check={check} />
        </button>
      </Tooltip>
      <span id={messageId} className="sr-only">
        {check.message}
      </span>
      <span className="text-xs whitespace-nowrap text-muted-foreground">{check.when}</span>
    </div>
  );
}
