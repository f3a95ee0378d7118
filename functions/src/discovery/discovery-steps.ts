/**
 * What the discovery state machine's tasks do (issue 32, docs/rules.md#24-competitors-and-matching):
 * PrepareDiscovery lists the pages to read and reads the feeds, ReadPage/RenderPage read one page
 * each, MatchDiscovery suggests matches and ends the job. Each acts only while its job is the
 * competitor's latest and running: a stopped or replaced job's late tasks change nothing.
 */
import { DISCOVERY_REREAD_DAYS, type FeedInput, hostOf, isOnDomain } from '@cmp/shared';
import { catalogueRecords } from '../catalogue/catalogue-records';
import { type CompetitorRecord, listCompetitors } from '../data/competitor.repository';
import {
  type DiscoveredPage,
  listDiscoveredPages,
  putDiscoveredPages,
} from '../data/discovered-page.repository';
import {
  addDiscoveryProblems,
  type DiscoveryJobRecord,
  getDiscoveryJob,
  readDiscoverySettings,
  updateDiscoveryJob,
} from '../data/discovery-job.repository';
import { nowIso } from '../data/dynamo';
import { type ObjectPlace, putDataObject, RUN_FILES_PREFIX } from '../lib/data-bucket';
import { FetchError, RobotsDisallowedError } from '../scrape/fetch/fetch-errors';
import type { FetchedPage, GuardedFetcher, RequestPacer } from '../scrape/fetch/guarded-fetch';
import { HostBusyError } from '../scrape-run/host-pacing';
import type { HostFetching } from '../scrape-run/host-settings-cache';
import type { DiscoveryInput } from './discovery-job';
import { readFeed } from './feed-source';
import { autoAcceptSuggestions, suggestMatches } from './match-suggestions';
import { productOnPage } from './page-product';
import { sitemapPages } from './sitemap-pages';

const jobFilesPrefix = (jobId: string) => `${RUN_FILES_PREFIX}discovery/${jobId}/`;

/** The job, when it is still the competitor's latest and not ended. */
async function activeJob({ jobId, competitorId }: DiscoveryInput): Promise<DiscoveryJobRecord | undefined> {
  const job = await getDiscoveryJob(competitorId);
  return job?.id === jobId && (job.status === 'queued' || job.status === 'running') ? job : undefined;
}

async function competitorOf(competitorId: number): Promise<CompetitorRecord> {
  const competitor = (await listCompetitors()).find((c) => c.id === competitorId);
  // The state machine fails; the status-change handler ends the job.
  if (!competitor) throw new Error('The competitor was deleted');
  return competitor;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The scheme of the competitor's pages: its given sitemaps' or feeds', else its watched pages',
 * else https (a domain names no scheme; shops serve https).
 */
async function schemeOf(competitor: CompetitorRecord): Promise<'https' | 'http'> {
  const given = [...competitor.sitemaps, ...competitor.feeds.map((f) => f.url)];
  const watched = given.length > 0 ? [] : (await catalogueRecords().urls()).map((u) => u.url);
  const sample = [...given, ...watched.filter((url) => isOnDomain(url, competitor.domain))][0];
  return sample?.startsWith('http:') ? 'http' : 'https';
}

export interface PreparedDiscovery extends DiscoveryInput {
  /** Pages to read: the Map reads them from `items`. */
  total: number;
  items: ObjectPlace;
  results: { bucket: string; prefix: string };
}

/**
 * The job running; its feeds read (their items kept as products found); the sitemaps' pages not read
 * in the last 7 days nor given by a feed, at most `max_pages`, written as the Map's items.
 */
export async function prepareDiscovery(
  input: DiscoveryInput,
  deps: { fetcher: GuardedFetcher; pacer: RequestPacer },
): Promise<PreparedDiscovery> {
  const job = await activeJob(input);
  const items = (lines: string) =>
    putDataObject(`${jobFilesPrefix(input.jobId)}pages.jsonl`, lines, 'application/jsonl');
  const done = async (): Promise<PreparedDiscovery> => {
    const place = await items('');
    return {
      ...input,
      total: 0,
      items: place,
      results: { bucket: place.bucket, prefix: jobFilesPrefix(input.jobId) },
    };
  };
  if (!job) return done();
  await updateDiscoveryJob(input.competitorId, input.jobId, {
    set: { status: 'running', started_at: nowIso() },
  });
  const competitor = await competitorOf(input.competitorId);
  const settings = await readDiscoverySettings();

  const problems: string[] = [];
  let errors = 0;
  const fromFeeds = new Set<string>();
  let productsFound = 0;
  for (const feed of competitor.feeds) {
    try {
      const found = await feedProducts(competitor, feed, deps);
      for (const url of found) fromFeeds.add(url);
      productsFound += found.length;
    } catch (error) {
      errors++;
      problems.push(`${feed.url}: ${message(error)}`);
    }
  }

  const readSince = Date.now() - DISCOVERY_REREAD_DAYS * 86_400_000;
  const recent = new Set(
    (await listDiscoveredPages(competitor.id))
      .filter((page) => page.source === 'page' && Date.parse(page.read_at) > readSince)
      .map((page) => page.url),
  );
  const listed = await sitemapPages(competitor, deps.fetcher, {
    maxPages: settings.max_pages + recent.size + fromFeeds.size,
    pacer: deps.pacer,
    scheme: await schemeOf(competitor),
  });
  errors += listed.errors.length;
  problems.push(...listed.errors);
  const fresh = listed.pages.filter((page) => !fromFeeds.has(page.loc));
  const toRead = fresh.filter((page) => !recent.has(page.loc)).slice(0, settings.max_pages);
  await updateDiscoveryJob(input.competitorId, input.jobId, {
    set: { pages_listed: toRead.length, pages_recent: fresh.length - toRead.length },
    add: { errors, products_found: productsFound },
  });
  await addDiscoveryProblems(input.competitorId, input.jobId, problems);
  if (toRead.length === 0) return done();
  const place = await items(toRead.map((page) => `${JSON.stringify({ url: page.loc })}\n`).join(''));
  return {
    ...input,
    total: toRead.length,
    items: place,
    results: { bucket: place.bucket, prefix: jobFilesPrefix(input.jobId) },
  };
}

/** A feed's items on the competitor's domain, kept as products found (their pages not fetched); their addresses. */
async function feedProducts(
  competitor: CompetitorRecord,
  feed: FeedInput,
  deps: { fetcher: GuardedFetcher; pacer: RequestPacer },
): Promise<string[]> {
  const content = await readFeed(feed, deps.fetcher, deps.pacer);
  const pages = content.items
    .filter((item) => isOnDomain(item.url, competitor.domain))
    .map(
      ({ in_stock: _stock, ...product }): Omit<DiscoveredPage, 'read_at'> => ({
        url: product.url,
        product,
        source: 'feed',
      }),
    );
  await putDiscoveredPages(competitor.id, pages);
  return pages.map((page) => page.url);
}

/** Whether a host's pages are read in the browser (as its checks are, issue 31). */
export const readInBrowser = (fetching: HostFetching) =>
  fetching.fetchMode === 'browser' || (fetching.fetchMode === 'auto' && fetching.escalated);

/**
 * Reads one listed page: its product kept (or that it is none), the job's counts moved on. A page
 * that could not be read is counted as an error with why; robots.txt's refusal as a page skipped.
 * `{ render }` hands a page of a host read in the browser to RenderPage. HostBusyError (the shop
 * has no turn for it soon) goes to the state machine, which comes back later.
 */
export async function readDiscoveryPage(
  input: DiscoveryInput & { url: string },
  deps: { getPage(url: string): Promise<FetchedPage>; fetching?(host: string): Promise<HostFetching> },
): Promise<{ read: boolean } | { render: true }> {
  if (!(await activeJob(input))) return { read: false };
  if (deps.fetching && readInBrowser(await deps.fetching(hostOf(input.url)))) return { render: true };
  const { competitorId, jobId } = input;
  let page: FetchedPage;
  try {
    page = await deps.getPage(input.url);
  } catch (error) {
    if (error instanceof HostBusyError) throw error;
    if (error instanceof RobotsDisallowedError) {
      // Kept as read (no product), so the next jobs of the week leave it out too.
      await putDiscoveredPages(competitorId, [{ url: input.url, product: null, source: 'page' }]);
      await updateDiscoveryJob(competitorId, jobId, { add: { pages_skipped: 1 } });
      return { read: false };
    }
    if (!(error instanceof FetchError)) throw error;
    await updateDiscoveryJob(competitorId, jobId, { add: { errors: 1 } });
    await addDiscoveryProblems(competitorId, jobId, [`${input.url}: ${error.message}`]);
    return { read: false };
  }
  const product = await productOnPage(page.html, input.url);
  await putDiscoveredPages(competitorId, [{ url: input.url, product, source: 'page' }]);
  await updateDiscoveryJob(competitorId, jobId, {
    add: product ? { pages_read: 1, products_found: 1 } : { pages_read: 1, pages_skipped: 1 },
  });
  return { read: true };
}

/** Matches what the job found against the catalogue, accepts what the settings say to, ends the job. */
export async function matchDiscovery(input: DiscoveryInput): Promise<{ suggestions: number }> {
  if (!(await activeJob(input))) return { suggestions: 0 };
  const competitor = await competitorOf(input.competitorId);
  const settings = await readDiscoverySettings();
  const suggestions = await suggestMatches(competitor, settings.match_threshold);
  if (settings.auto_accept.length > 0) await autoAcceptSuggestions(competitor.id, settings.auto_accept);
  await updateDiscoveryJob(input.competitorId, input.jobId, {
    set: { status: 'completed', finished_at: nowIso(), suggestions },
  });
  return { suggestions };
}
