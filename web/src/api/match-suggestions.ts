// The review queue of suggested matches (docs/api.md#match-suggestions): a page of suggestions, and
// accepting or rejecting one, or every pending one of a shop with a reason.
import type { MatchReason, MatchSuggestion } from '@cmp/shared';
import { mutate } from 'swr';
import { expectSuccess } from '../lib/api-result';
import { call } from './client';
import { keys } from './keys';
import { type PageOfRows, pageOfAnswer, reloadList, useListPage } from './list-pages';

const ROUTE = 'GET /api/match-suggestions';

async function fetchSuggestions(query: Record<string, string>): Promise<PageOfRows<MatchSuggestion>> {
  const answer = expectSuccess(await call(ROUTE, { query }));
  return pageOfAnswer(answer.suggestions, answer);
}

export const useSuggestions = (query: Record<string, string>) =>
  useListPage(ROUTE, query, fetchSuggestions, 'Failed to fetch matches');

/** After a change to the queue (a decision, a discovery's end): the pages shown, and the shops' URL counts. */
export const reloadSuggestions = () => Promise.all([reloadList(ROUTE), mutate(keys.competitors)]);

export async function decideSuggestion(id: number, decision: 'accept' | 'reject'): Promise<MatchSuggestion> {
  const answer =
    decision === 'accept'
      ? await call('POST /api/match-suggestions/{id}/accept', { params: { id } })
      : await call('POST /api/match-suggestions/{id}/reject', { params: { id } });
  await reloadSuggestions();
  return expectSuccess(answer).suggestion;
}

export async function acceptEvery(
  competitorId: number,
  reason: MatchReason,
): Promise<{ accepted: number; errors: { id: number; error: string }[] }> {
  const answer = expectSuccess(
    await call('POST /api/match-suggestions/accept', { body: { competitor_id: competitorId, reason } }),
  );
  await reloadSuggestions();
  return answer;
}
