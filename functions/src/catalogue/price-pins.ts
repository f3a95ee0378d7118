/**
 * 'Not the right price?' (docs/rules.md#price-pins): the prices the URL's latest check that read
 * the page considered, and a person's pin of one of them, which later checks read first.
 */
import {
  type CompetitorUrl,
  type PagePriceCandidate,
  type PublicUser,
  UNREACHABLE_OUTCOMES,
} from '@cmp/shared';
import { type ConsideredPrices, latestConsideredPrices } from '../data/price-record.repository';
import { writePricePin } from '../data/url-price-state.repository';
import { ConflictError, InvalidInputError, NotFoundError } from '../domain/errors';
import { getCompetitorUrlView, requireCompetitorUrl } from './competitor-urls';

/** How far back the candidates are looked for: checks that could not read the page have none. */
const CHECKS_LOOKED_AT = 10;

export const NO_CANDIDATES = 'No check has read this page yet: check the URL first';
export const unknownCandidate = (id: number) =>
  `Price ${id} is not among the prices the latest check considered; reload them and pick again`;

/** The latest check that read the page and kept what it considered, or null. */
async function latestReadCheck(urlId: number): Promise<ConsideredPrices | null> {
  const records = await latestConsideredPrices(urlId, CHECKS_LOOKED_AT);
  // Records kept before outcomes (or candidates) were have no candidates: they considered nothing we know.
  return (
    records.find(
      (r) => r.outcome && !UNREACHABLE_OUTCOMES.includes(r.outcome) && Array.isArray(r.candidates),
    ) ?? null
  );
}

export async function priceCandidatesOf(
  urlId: number,
): Promise<{ candidates: PagePriceCandidate[]; checked_at: string | null }> {
  await requireCompetitorUrl(urlId);
  const check = await latestReadCheck(urlId);
  return {
    candidates: (check?.candidates ?? []).map(({ locator: _, amount, ...candidate }) => ({
      ...candidate,
      amount: Number(amount),
    })),
    checked_at: check?.scraped_at ?? null,
  };
}

export async function pinPrice(
  urlId: number,
  candidateId: number,
  by: Pick<PublicUser, 'firstName' | 'lastName' | 'username'>,
): Promise<CompetitorUrl> {
  await requireCompetitorUrl(urlId);
  const check = await latestReadCheck(urlId);
  if (!check) throw new ConflictError(NO_CANDIDATES);
  const candidate = check.candidates?.find((c) => c.id === candidateId);
  if (!candidate) throw new InvalidInputError(unknownCandidate(candidateId), { field: 'candidate_id' });
  const pinned = await writePricePin(urlId, {
    locator: candidate.locator,
    amount: Number(candidate.amount),
    currency: candidate.currency,
    source: candidate.source,
    context: candidate.context,
    picked_by: `${by.firstName} ${by.lastName}`.trim() || by.username,
    picked_at: new Date().toISOString(),
  });
  if (!pinned) throw new NotFoundError(`Competitor URL ${urlId} not found`);
  return getCompetitorUrlView(urlId);
}

export async function unpinPrice(urlId: number): Promise<CompetitorUrl> {
  if (!(await writePricePin(urlId, null))) throw new NotFoundError(`Competitor URL ${urlId} not found`);
  return getCompetitorUrlView(urlId);
}
