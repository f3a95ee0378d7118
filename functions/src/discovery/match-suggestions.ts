/**
 * The review queue of suggested matches (issue 32, docs/rules.md#24-competitors-and-matching): a
 * competitor's found products matched against the catalogue become its pending suggestions; staff
 * accept one (its page becomes the product's competitor URL, as POST /api/competitor-urls adds it)
 * or reject it (the pair is never suggested again).
 */
import {
  type BulkAccept,
  isOnDomain,
  type ListPage,
  type MatchReason,
  type MatchSuggestion,
  type MatchSuggestionListQuery,
  type PublicUser,
  pageOf,
} from '@cmp/shared';
import { catalogueRecords } from '../catalogue/catalogue-records';
import { addCompetitorUrl } from '../catalogue/competitor-urls';
import { type CompetitorRecord, listCompetitors } from '../data/competitor.repository';
import { listDiscoveredPages } from '../data/discovered-page.repository';
import {
  decideSuggestion,
  getSuggestion,
  listSuggestions,
  type MatchSuggestionRecord,
  rejectedPairKey,
  rejectedPairs,
  replacePendingSuggestions,
} from '../data/match-suggestion.repository';
import { getProduct, type ProductRecord } from '../data/product.repository';
import { ConflictError, DomainError, NotFoundError } from '../domain/errors';
import { CatalogueIndex, matchProducts } from './match-products';

/**
 * Matches what discovery found at the competitor against the catalogue and makes the results its
 * pending suggestions. Products already watched on its domain, and rejected pairs, are left out.
 * Returns how many were suggested.
 */
export async function suggestMatches(competitor: CompetitorRecord, threshold: number): Promise<number> {
  const records = catalogueRecords();
  const [pages, products, urls, rejected] = await Promise.all([
    listDiscoveredPages(competitor.id),
    records.products(),
    records.urls(),
    rejectedPairs(competitor.id),
  ]);
  const found = pages.flatMap((page) => (page.product ? [page.product] : []));
  const watched = new Set(
    urls.filter((url) => isOnDomain(url.url, competitor.domain)).map((url) => url.product_id),
  );
  const matches = matchProducts(
    new CatalogueIndex(
      products.map((p) => ({
        id: p.id,
        name: p.name,
        brand: p.brand ?? null,
        gtin: p.gtin ?? null,
        mpn: p.mpn ?? null,
      })),
    ),
    found,
    {
      threshold,
      excluded: (productId, url) => watched.has(productId) || rejected.has(rejectedPairKey(productId, url)),
    },
  );
  const saved = await replacePendingSuggestions(
    competitor.id,
    matches.map((match) => ({
      competitor_id: competitor.id,
      product_id: match.productId,
      reason: match.reason,
      score: Math.round(match.score * 1000) / 1000,
      theirs: found[match.found] as MatchSuggestionRecord['theirs'],
    })),
  );
  return saved.length;
}

function view(record: MatchSuggestionRecord, product: ProductRecord | undefined): MatchSuggestion | null {
  if (!product) return null;
  const price = record.theirs.price === null ? null : Number(record.theirs.price);
  return {
    id: record.id,
    competitor_id: record.competitor_id,
    status: record.status,
    reason: record.reason,
    score: record.score,
    ours: {
      id: product.id,
      sku: product.sku,
      name: product.name,
      brand: product.brand ?? null,
      gtin: product.gtin ?? null,
      mpn: product.mpn ?? null,
      price: product.current_price,
    },
    theirs: { ...record.theirs, price: price !== null && Number.isFinite(price) ? price : null },
    created_at: record.created_at,
    decided_at: record.decided_at,
    decided_by: record.decided_by,
    competitor_url_id: record.competitor_url_id,
  };
}

/** A page of suggestions, best first (then newest), filtered; those of deleted products left out. */
export async function suggestionPage(query: MatchSuggestionListQuery): Promise<ListPage<MatchSuggestion>> {
  const competitorIds =
    query.competitor_id === undefined ? (await listCompetitors()).map((c) => c.id) : [query.competitor_id];
  const all = (await Promise.all(competitorIds.map(listSuggestions))).flat();
  const products = new Map((await catalogueRecords().products()).map((p) => [p.id, p]));
  const rows = all
    .filter(
      (s) =>
        (query.status === undefined || s.status === query.status) &&
        (query.reason === undefined || s.reason === query.reason) &&
        (query.min_score === undefined || s.score >= query.min_score),
    )
    .sort((a, b) => b.score - a.score || b.id - a.id)
    .flatMap((s) => view(s, products.get(s.product_id)) ?? []);
  return pageOf(rows, query);
}

async function pendingSuggestion(id: number): Promise<MatchSuggestionRecord> {
  const record = await getSuggestion(id);
  if (!record) throw new NotFoundError('Suggestion not found');
  if (record.status !== 'pending') throw new ConflictError(`This suggestion was already ${record.status}`);
  return record;
}

async function productOf(record: MatchSuggestionRecord): Promise<ProductRecord> {
  const product = await getProduct(record.product_id);
  if (!product) throw new NotFoundError('The suggested product no longer exists');
  return product;
}

async function accept(
  decidedBy: string,
  record: MatchSuggestionRecord,
  competitors: readonly CompetitorRecord[],
): Promise<MatchSuggestion> {
  const competitor = competitors.find((c) => c.id === record.competitor_id);
  if (!competitor) throw new NotFoundError('The competitor no longer exists');
  const added = await addCompetitorUrl({
    product_id: record.product_id,
    competitor_name: competitor.name,
    url: record.theirs.url,
  });
  const decided = await decideSuggestion(record, {
    status: 'accepted',
    decided_by: decidedBy,
    competitor_url_id: added.id,
  });
  if (!decided) throw new ConflictError('This suggestion was decided meanwhile');
  return view(decided, await productOf(decided)) as MatchSuggestion;
}

export async function acceptSuggestion(user: PublicUser, id: number): Promise<MatchSuggestion> {
  return accept(user.username, await pendingSuggestion(id), await listCompetitors());
}

export async function rejectSuggestion(user: PublicUser, id: number): Promise<MatchSuggestion> {
  const record = await pendingSuggestion(id);
  const decided = await decideSuggestion(record, {
    status: 'rejected',
    decided_by: user.username,
    competitor_url_id: null,
  });
  if (!decided) throw new ConflictError('This suggestion was decided meanwhile');
  return view(decided, await productOf(decided)) as MatchSuggestion;
}

/** Accepts each pending suggestion asked for; one that cannot be accepted is reported with why. */
export async function acceptSuggestions(
  user: PublicUser,
  which: BulkAccept,
): Promise<{ accepted: number; errors: { id: number; error: string }[] }> {
  const records =
    'ids' in which
      ? await Promise.all(which.ids.map(async (id) => (await getSuggestion(id)) ?? id))
      : (await listSuggestions(which.competitor_id)).filter(
          (s) => s.status === 'pending' && s.reason === which.reason,
        );
  const competitors = await listCompetitors();
  let accepted = 0;
  const errors: { id: number; error: string }[] = [];
  for (const record of records) {
    if (typeof record === 'number') {
      errors.push({ id: record, error: 'Suggestion not found' });
      continue;
    }
    try {
      if (record.status !== 'pending')
        throw new ConflictError(`This suggestion was already ${record.status}`);
      await accept(user.username, record, competitors);
      accepted++;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      errors.push({ id: record.id, error: error.message });
    }
  }
  return { accepted, errors };
}

/** Who accepted what the discovery settings accept on their own. */
export const AUTO_ACCEPTED_BY = 'discovery';

/**
 * Accepts the competitor's pending suggestions of these reasons (the admin setting): each as staff
 * would, so one refused (a URL another product watches) stays pending for staff to see.
 */
export async function autoAcceptSuggestions(
  competitorId: number,
  reasons: readonly MatchReason[],
): Promise<number> {
  const competitors = await listCompetitors();
  let accepted = 0;
  for (const record of await listSuggestions(competitorId)) {
    if (record.status !== 'pending' || !reasons.includes(record.reason)) continue;
    try {
      await accept(AUTO_ACCEPTED_BY, record, competitors);
      accepted++;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
  }
  return accepted;
}
