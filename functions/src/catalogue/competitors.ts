import {
  ADMINS_ONLY_COMPETITORS,
  type Competitor,
  type CompetitorFields,
  competitorOf,
  type PublicUser,
} from '@cmp/shared';
import { requireAdmin } from '../auth/require-admin';
import {
  type CompetitorRecord,
  createCompetitor,
  deleteCompetitor,
  listCompetitors,
  updateCompetitor,
} from '../data/competitor.repository';
import { stopDiscovery } from '../discovery/discovery-job';
import { ConflictError, InvalidInputError, NotFoundError } from '../domain/errors';
import { catalogueRecords } from './catalogue-records';
import { checkCompetitorUrl } from './competitor-url-policy';

/**
 * Competitors (docs/rules.md "Competitors", issue 32): a shop by its domain, with its sitemaps and
 * feeds. Every competitor URL belongs to the competitor whose domain it is on (the longest, when a
 * subdomain is a competitor of its own).
 */

/** How many competitor URLs each competitor has, by id. */
async function urlCounts(competitors: readonly CompetitorRecord[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (competitors.length === 0) return counts;
  for (const url of await catalogueRecords().urls()) {
    const owner = competitorOf(url.url, competitors);
    if (owner) counts.set(owner.id, (counts.get(owner.id) ?? 0) + 1);
  }
  return counts;
}

const view = (record: CompetitorRecord, urlCount: number): Competitor => ({
  id: record.id,
  name: record.name,
  domain: record.domain,
  sitemaps: record.sitemaps,
  feeds: record.feeds,
  url_count: urlCount,
  created_at: record.created_at,
  updated_at: record.updated_at,
});

export async function listCompetitorViews(): Promise<Competitor[]> {
  const competitors = await listCompetitors();
  const counts = await urlCounts(competitors);
  return competitors
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id)
    .map((record) => view(record, counts.get(record.id) ?? 0));
}

/**
 * The fields as stored: the domain is a host the scraper may fetch (as a competitor URL's), and the
 * sitemaps and feeds are on public hosts too; no two competitors share a domain.
 */
function checked(fields: CompetitorFields, others: readonly CompetitorRecord[]): CompetitorFields {
  try {
    checkCompetitorUrl(`https://${fields.domain}/`);
  } catch (error) {
    if (error instanceof InvalidInputError)
      throw new InvalidInputError(error.message.replace(/^URL/, 'The domain'), { field: 'domain' });
    throw error;
  }
  const addresses: [string, string][] = [
    ...fields.sitemaps.map((url, i): [string, string] => [url, `sitemaps.${i}`]),
    ...fields.feeds.map((feed, i): [string, string] => [feed.url, `feeds.${i}.url`]),
  ];
  for (const [url, field] of addresses) {
    try {
      checkCompetitorUrl(url);
    } catch (error) {
      if (error instanceof InvalidInputError) throw new InvalidInputError(error.message, { field });
      throw error;
    }
  }
  const same = others.find((other) => other.domain === fields.domain);
  if (same)
    throw new ConflictError(`${same.name} already has the domain ${fields.domain}`, { field: 'domain' });
  return fields;
}

export async function addCompetitor(user: PublicUser, fields: CompetitorFields): Promise<Competitor> {
  requireAdmin(user, ADMINS_ONLY_COMPETITORS);
  const all = await listCompetitors();
  const record = await createCompetitor(checked(fields, all));
  return view(record, (await urlCounts([...all, record])).get(record.id) ?? 0);
}

export async function changeCompetitor(
  user: PublicUser,
  id: number,
  fields: CompetitorFields,
): Promise<Competitor> {
  requireAdmin(user, ADMINS_ONLY_COMPETITORS);
  const all = await listCompetitors();
  const existing = all.find((record) => record.id === id);
  if (!existing) throw new NotFoundError('Competitor not found');
  const others = all.filter((record) => record.id !== id);
  const record = await updateCompetitor(existing, checked(fields, others));
  if (!record) throw new NotFoundError('Competitor not found');
  return view(record, (await urlCounts([...others, record])).get(record.id) ?? 0);
}

/** Deletes a competitor; its URLs stay (they are the products' own). */
export async function removeCompetitor(user: PublicUser, id: number): Promise<void> {
  requireAdmin(user, ADMINS_ONLY_COMPETITORS);
  const existing = (await listCompetitors()).find((record) => record.id === id);
  if (!existing) throw new NotFoundError('Competitor not found');
  await stopDiscovery(id);
  await deleteCompetitor(id);
}
