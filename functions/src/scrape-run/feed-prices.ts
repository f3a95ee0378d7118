/**
 * Prices from competitors' product feeds (issue 32, docs/rules.md#24-competitors-and-matching): a run
 * reads each feed of a competitor with URLs in the run once, and a URL the feed lists with a price is
 * recorded from it (outcome judged as a check's, `tier` 'feed') without its page being fetched. The
 * URLs left (no feed, or the feed no longer lists them) are the Map's items, in Prepare's order.
 */
import { competitorOf, type FeedInput } from '@cmp/shared';
import { listCompetitors } from '../data/competitor.repository';
import { getCompetitorUrl, listCheckTargets } from '../data/competitor-url.repository';
import type { FeedItem } from '../discovery/feed';
import { readFeed } from '../discovery/feed-source';
import { dataObjectLines, type ObjectPlace, putDataObject, RUN_FILES_PREFIX } from '../lib/data-bucket';
import { logger } from '../logger';
import type { GuardedFetcher, RequestPacer } from '../scrape/fetch/guarded-fetch';
import type { Outcome } from './outcome';
import { FROM_FEED, recordResult } from './record-result';

/** One page's address as feeds and watched URLs write it alike: no scheme, fragment or trailing slash. */
export function feedKey(url: string): string | null {
  try {
    const parsed = new URL(url);
    const path = parsed.pathname.length > 1 ? parsed.pathname.replace(/\/+$/, '') : parsed.pathname;
    return `${parsed.host.toLowerCase()}${path}${parsed.search}`;
  } catch {
    return null;
  }
}

export function feedOutcome(item: FeedItem, feed: FeedInput): Outcome | null {
  const price = item.price === null ? Number.NaN : Number(item.price);
  if (!Number.isFinite(price) || price <= 0) return null;
  return {
    price,
    currency: item.currency,
    in_stock: item.in_stock,
    // The shop's own data for this page, as sure as structured data on it.
    confidence: 1,
    outcome: 'ok',
    message: `Price found ${FROM_FEED}`,
    error_message: null,
    llm_response: null,
    tier: 'feed',
    evidence: [{ source: 'feed', snippet: feed.url }],
  };
}

export interface FetchItems {
  /** The URLs whose pages are still to be fetched, as the Map's items. */
  items: ObjectPlace;
  total: number;
  /** URLs recorded from a feed. */
  fromFeeds: number;
}

export async function priceFromFeeds(
  input: { runId: string; items: ObjectPlace; total: number },
  deps: { fetcher: GuardedFetcher; pacer: RequestPacer },
): Promise<FetchItems> {
  const unchanged = { items: input.items, total: input.total, fromFeeds: 0 };
  const all = await listCompetitors();
  const competitors = all.filter((c) => c.feeds.length > 0);
  // Most runs: no shop has a feed, and Prepare's items are the Map's as they are (none read here).
  if (competitors.length === 0 || input.total === 0) return unchanged;
  const ids: number[] = [];
  for await (const line of dataObjectLines(input.items))
    ids.push((JSON.parse(line) as { urlId: number }).urlId);

  const inRun = new Set(ids);
  const byCompetitor = new Map<number, { id: number; key: string }[]>();
  for (const target of await listCheckTargets()) {
    if (!inRun.has(target.id)) continue;
    // The shop it belongs to (a subdomain may be a shop of its own), when that shop has feeds.
    const owner = competitorOf(target.url, all);
    const key = feedKey(target.url);
    if (!owner || owner.feeds.length === 0 || !key) continue;
    byCompetitor.set(owner.id, [...(byCompetitor.get(owner.id) ?? []), { id: target.id, key }]);
  }
  const recorded = new Set<number>();
  for (const competitor of competitors) {
    const urls = byCompetitor.get(competitor.id);
    if (!urls) continue;
    const listed = new Map<string, { item: FeedItem; feed: FeedInput }>();
    for (const feed of competitor.feeds) {
      try {
        for (const item of (await readFeed(feed, deps.fetcher, deps.pacer)).items) {
          const key = feedKey(item.url);
          if (key && !listed.has(key)) listed.set(key, { item, feed });
        }
      } catch (error) {
        // Its URLs are fetched as pages instead.
        logger().warn('Could not read a product feed', { feed: feed.url, error });
      }
    }
    for (const { id, key } of urls) {
      const found = listed.get(key);
      const outcome = found && feedOutcome(found.item, found.feed);
      const record = outcome ? await getCompetitorUrl(id) : undefined;
      if (outcome && record && (await recordResult(input.runId, record, outcome))) recorded.add(id);
    }
  }
  if (recorded.size === 0) return unchanged;
  const rest = ids.filter((id) => !recorded.has(id));
  const items = await putDataObject(
    `${RUN_FILES_PREFIX}${input.runId}/pages.jsonl`,
    rest.map((urlId) => `{"urlId":${urlId}}\n`).join(''),
    'application/jsonl',
  );
  return { items, total: rest.length, fromFeeds: recorded.size };
}
