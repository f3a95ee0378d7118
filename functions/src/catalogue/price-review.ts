/**
 * A person's word on a price the plausibility gate held for review (docs/rules.md#plausibility-gate):
 * 'Accept price' makes it the price the comparison uses; 'Reject' keeps the last accepted one, and
 * a later check finding the rejected price again does not confirm it.
 */
import type { CompetitorUrl, PublicUser } from '@cmp/shared';
import { getCompetitorUrl } from '../data/competitor-url.repository';
import { setPriceRecordOutcome } from '../data/price-record.repository';
import { decideHeldPrice } from '../data/url-price-state.repository';
import { ConflictError, NotFoundError } from '../domain/errors';
import { getCompetitorUrlView } from './competitor-urls';

export const NOT_HELD = 'This price is no longer waiting for review';

export async function decidePrice(
  urlId: number,
  decision: 'accept' | 'reject',
  checkedAt: string,
  by: Pick<PublicUser, 'firstName' | 'lastName' | 'username'>,
): Promise<CompetitorUrl> {
  const url = await getCompetitorUrl(urlId);
  if (!url) throw new NotFoundError(`Competitor URL ${urlId} not found`);
  const { held, latest } = url;
  if (!held || !latest || latest.outcome !== 'review' || held.scraped_at !== checkedAt)
    throw new ConflictError(NOT_HELD);
  const who = `${by.firstName} ${by.lastName}`.trim() || by.username;
  const message =
    decision === 'accept'
      ? `Price accepted by ${who}`
      : `Price rejected by ${who}; the comparison keeps the last accepted price`;
  if (!(await decideHeldPrice({ ...url, held, latest }, decision, message)))
    throw new ConflictError(NOT_HELD);
  await setPriceRecordOutcome(urlId, held.run_id, decision === 'accept' ? 'ok' : 'review', message);
  return getCompetitorUrlView(urlId);
}
