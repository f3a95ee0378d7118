// One suggested match (docs/screens.md#16-matches-page): our product and their page side by side,
// the words and values that differ marked; Accept and Reject, also by one key (A, R) while the card
// has focus.
import type { MatchSuggestion } from '@cmp/shared';
import { formatMoney } from '@cmp/shared';
import { forwardRef, type KeyboardEvent } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { formatShopMoney } from '../../../lib/money';
import { markedWords, reasonText, sideBySide } from '../utils/side-by-side';

const money = (amount: number, currency?: string | null) =>
  currency ? formatMoney(amount, currency) : formatShopMoney(amount);

function Name({ name, other }: { name: string; other: string }) {
  return (
    <span>
      {markedWords(name, other).map((word, at) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the words of a name, in their order
        <span key={at}>
          {at > 0 ? ' ' : ''}
          {word.differs ? (
            <mark className="rounded bg-warning/25 px-0.5 text-foreground">
              {word.text}
              <span className="sr-only"> (differs)</span>
            </mark>
          ) : (
            word.text
          )}
        </span>
      ))}
    </span>
  );
}

export const SuggestionCard = forwardRef<
  HTMLElement,
  {
    suggestion: MatchSuggestion;
    /** Pending, and the user may decide (not a viewer): Accept and Reject are offered. */
    decidable: boolean;
    busy: boolean;
    onDecide(decision: 'accept' | 'reject'): void;
  }
>(function SuggestionCard({ suggestion, decidable, busy, onDecide }, ref) {
  const { ours, theirs } = suggestion;
  const onKeyDown = (event: KeyboardEvent) => {
    if (!decidable || busy || event.target !== event.currentTarget) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const key = event.key.toLowerCase();
    if (key === 'a' || key === 'r') {
      event.preventDefault();
      onDecide(key === 'a' ? 'accept' : 'reject');
    }
  };
  const descriptionId = `match-${suggestion.id}-keys`;
  return (
    <article
      ref={ref}
      // Focusable itself, so its one-key decisions work without reaching for a button.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the card takes the A and R keys
      tabIndex={0}
      aria-label={`${ours.name} and ${theirs.name}`}
      aria-describedby={decidable ? descriptionId : undefined}
      onKeyDown={onKeyDown}
      className="rounded-lg border p-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <Badge variant={suggestion.reason === 'name' ? 'secondary' : 'success'}>
          {reasonText(suggestion)}
        </Badge>
        {suggestion.status !== 'pending' ? (
          <Badge variant="outline">
            {suggestion.status === 'accepted' ? 'Accepted' : 'Rejected'}
            {suggestion.decided_by ? ` by ${suggestion.decided_by}` : ''}
          </Badge>
        ) : null}
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <div>
          <p className="text-sm text-muted-foreground">Our product · {ours.sku}</p>
          <p className="font-medium">
            <Name name={ours.name} other={theirs.name} />
          </p>
        </div>
        <div className="min-w-0">
          <p className="text-sm text-muted-foreground">Their page</p>
          <p className="font-medium">
            <Name name={theirs.name} other={ours.name} />
          </p>
          <a
            href={theirs.url}
            target="_blank"
            rel="noopener noreferrer"
            className="break-all text-sm text-primary underline underline-offset-2"
          >
            {theirs.url}
          </a>
        </div>
      </div>
      <table className="mt-3 w-full table-fixed text-left text-sm">
        <caption className="sr-only">Both sides compared</caption>
        <thead>
          <tr className="text-muted-foreground">
            <th scope="col" className="w-20 font-normal">
              <span className="sr-only">Field</span>
            </th>
            <th scope="col" className="font-normal">
              Ours
            </th>
            <th scope="col" className="font-normal">
              Theirs
            </th>
          </tr>
        </thead>
        <tbody>
          {sideBySide(suggestion, money).map((row) => (
            <tr key={row.label}>
              <th scope="row" className="font-normal text-muted-foreground">
                {row.label}
              </th>
              {[row.ours, row.theirs].map((value, side) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: ours, then theirs
                <td key={side} className="break-all py-0.5 pr-2">
                  <span className={cn(row.differs && 'rounded bg-warning/25 px-1')}>
                    {value}
                    {row.differs ? <span className="sr-only"> (differs)</span> : null}
                  </span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {decidable ? (
        <div className="mt-4 flex flex-wrap items-center gap-2">
          <Button size="sm" disabled={busy} aria-keyshortcuts="A" onClick={() => onDecide('accept')}>
            Accept
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            aria-keyshortcuts="R"
            onClick={() => onDecide('reject')}
          >
            Reject
          </Button>
          <p id={descriptionId} className="text-xs text-muted-foreground">
            With the card focused: A accepts, R rejects.
          </p>
        </div>
      ) : null}
    </article>
  );
});
