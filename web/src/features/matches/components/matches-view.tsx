// The Matches page (docs/screens.md#16-matches-page): the competitor shops with their discoveries'
// progress, then the suggested matches best first, each accepted or rejected by a button or one key;
// every pending match of a shop with one reason accepted at once (neither for a viewer). Filters are in
// the address (`?competitor=2&reason=gtin&status=pending&page=1`).
import {
  MATCH_REASONS,
  MATCH_STATUSES,
  type MatchReason,
  type MatchStatus,
  type MatchSuggestion,
} from '@cmp/shared';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCompetitors } from '../../../api/competitors';
import { listQuery } from '../../../api/list-pages';
import { acceptEvery, decideSuggestion, useSuggestions } from '../../../api/match-suggestions';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/layouts/app-shell';
import { LoadingOrError } from '../../../components/loading-or-error';
import { PagedList } from '../../../components/paged-list';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCanWrite } from '../../../lib/write-access';
import { ShopsCard } from './shops-card';
import { SuggestionCard } from './suggestion-card';

const PAGE_SIZE = 20;
const ALL = 'all';
const REASON_LABELS: Record<MatchReason, string> = {
  gtin: 'Same GTIN',
  mpn: 'Same brand and MPN',
  name: 'Similar names',
};
const STATUS_LABELS: Record<MatchStatus, string> = {
  pending: 'To review',
  accepted: 'Accepted',
  rejected: 'Rejected',
};

function useMatchesQuery() {
  const [params, setParams] = useSearchParams();
  const reason = MATCH_REASONS.find((r) => r === params.get('reason')) ?? null;
  const status = MATCH_STATUSES.find((s) => s === params.get('status')) ?? 'pending';
  const competitor = Number(params.get('competitor')) || null;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const change = (next: {
    reason?: MatchReason | null;
    status?: MatchStatus;
    competitor?: number | null;
    page?: number;
  }) => {
    const merged = { reason, status, competitor, page: 1, ...next };
    setParams(
      listQuery({
        competitor: merged.competitor,
        reason: merged.reason,
        status: merged.status === 'pending' ? null : merged.status,
        page: merged.page === 1 ? null : merged.page,
      }),
      { replace: true },
    );
  };
  return { reason, status, competitor, page, change };
}

export function MatchesView({ canEdit }: { canEdit: boolean }) {
  const query = useMatchesQuery();
  const shops = useCompetitors();
  const suggestions = useSuggestions(
    listQuery({
      status: query.status,
      reason: query.reason,
      competitor_id: query.competitor,
      page: query.page,
      page_size: PAGE_SIZE,
    }),
  );
  const [busy, setBusy] = useState<number | null>(null);
  const [accepting, setAccepting] = useState(false);
  const canWrite = useCanWrite();
  // After a decision the card leaves the list: focus goes to the one that takes its place.
  const cards = useRef(new Map<number, HTMLElement>());
  const [focusAt, setFocusAt] = useState<number | null>(null);
  const rows = suggestions.data?.rows;
  useEffect(() => {
    if (focusAt === null || !rows) return;
    const next = rows[Math.min(focusAt, rows.length - 1)];
    if (next) cards.current.get(next.id)?.focus();
    setFocusAt(null);
  }, [rows, focusAt]);

  const decide = async (suggestion: MatchSuggestion, at: number, decision: 'accept' | 'reject') => {
    setBusy(suggestion.id);
    try {
      await decideSuggestion(suggestion.id, decision);
      notifySuccess(decision === 'accept' ? `Now watching ${suggestion.theirs.url}` : 'Match rejected');
      setFocusAt(at);
    } catch (error) {
      notifyError(error, decision === 'accept' ? 'Failed to accept the match' : 'Failed to reject the match');
    } finally {
      setBusy(null);
    }
  };
  const shopName = shops.data?.find((s) => s.id === query.competitor)?.name;
  const acceptAll = async () => {
    if (query.competitor === null || query.reason === null) return;
    setAccepting(true);
    try {
      const { accepted, errors } = await acceptEvery(query.competitor, query.reason);
      notifySuccess(`Accepted ${accepted} ${accepted === 1 ? 'match' : 'matches'}`);
      if (errors.length > 0) notifyError(null, `${errors.length} not accepted: ${errors[0]?.error}`);
    } catch (error) {
      notifyError(error, 'Failed to accept the matches');
    } finally {
      setAccepting(false);
    }
  };

  return (
    <>
      <PageHeader
        title="Matches"
        description="Competitor products found for yours. Accepting one watches its page as a competitor URL."
      />
      <ShopsCard canEdit={canEdit} />
      <Card>
        <CardHeader>
          <CardTitle>Suggested matches</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <div className="grid gap-2 sm:grid-cols-3">
            <Select
              value={query.competitor === null ? ALL : String(query.competitor)}
              onValueChange={(value) => query.change({ competitor: value === ALL ? null : Number(value) })}
            >
              <SelectTrigger aria-label="Shop">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>All shops</SelectItem>
                {(shops.data ?? []).map((shop) => (
                  <SelectItem key={shop.id} value={String(shop.id)}>
                    {shop.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <Select
              value={query.reason ?? ALL}
              onValueChange={(value) =>
                query.change({ reason: value === ALL ? null : (value as MatchReason) })
              }
            >
              <SelectTrigger aria-label="Reason">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>Every reason</SelectItem>
                {MATCH_REASONS.map((reason) => (
                  <SelectItem key={reason} value={reason}>
                    {REASON_LABELS[reason]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <Select
              value={query.status}
              onValueChange={(value) => query.change({ status: value as MatchStatus })}
            >
              <SelectTrigger aria-label="Status">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {MATCH_STATUSES.map((status) => (
                  <SelectItem key={status} value={status}>
                    {STATUS_LABELS[status]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          {canWrite && query.status === 'pending' && query.competitor !== null && query.reason !== null ? (
            <Button
              variant="outline"
              className="self-start"
              disabled={accepting || (suggestions.data?.total ?? 0) === 0}
              onClick={() => void acceptAll()}
            >
              {accepting
                ? 'Accepting...'
                : `Accept all ${suggestions.data?.total ?? ''} “${REASON_LABELS[query.reason]}” matches of ${shopName ?? 'this shop'}`}
            </Button>
          ) : null}
          {!suggestions.data ? (
            <LoadingOrError
              error={suggestions.error}
              what="Matches"
              loadingLabel="Loading matches"
              onRetry={() => void suggestions.mutate()}
            />
          ) : (
            <PagedList
              page={suggestions.data}
              onPageChange={(page) => query.change({ page })}
              noun="matches"
              busy={suggestions.isValidating}
              empty={
                <EmptyState
                  title={query.status === 'pending' ? 'No matches to review' : 'No matches here'}
                  hint="Discovering a shop's products suggests matches for yours."
                />
              }
            >
              {(page) => (
                <div className="flex flex-col gap-3">
                  {page.map((suggestion, at) => (
                    <SuggestionCard
                      key={suggestion.id}
                      ref={(element) => {
                        if (element) cards.current.set(suggestion.id, element);
                        else cards.current.delete(suggestion.id);
                      }}
                      suggestion={suggestion}
                      decidable={canWrite && suggestion.status === 'pending'}
                      busy={busy === suggestion.id}
                      onDecide={(decision) => void decide(suggestion, at, decision)}
                    />
                  ))}
                </div>
              )}
            </PagedList>
          )}
        </CardContent>
      </Card>
    </>
  );
}
