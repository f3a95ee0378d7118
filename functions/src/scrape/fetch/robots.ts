/**
 * robots.txt, fetched once per origin per run (the cache lives as long as the run's fetcher). Per
 * RFC 9309: a 4xx answer means no rules (allowed), a 5xx or unreachable robots.txt means
 * everything is disallowed. The cache also keeps the origin's Crawl-delay for spacing requests.
 */
import robotsParser from 'robots-parser';
import { FetchError, HttpStatusError, ProxyRefusedError } from './fetch-errors';

/** How one check reads robots.txt: its own fetch (paced as its requests are), and who hears the Crawl-delay. */
export interface RobotsSource {
  /** Fetches robots.txt text; throws FetchError (HttpStatusError for non-2xx answers). */
  fetchText(robotsUrl: string): Promise<string>;
  /** Told the Crawl-delay (seconds, or null for none) once robots.txt has been read, before any page waits on it. */
  rulesRead?(crawlDelaySeconds: number | null): Promise<void>;
}

/** The longest Crawl-delay we honour: a larger one would stall a run on one shop. */
export const MAX_CRAWL_DELAY_SECONDS = 30;

type Robot = ReturnType<typeof robotsParser>;

type Verdict =
  | { readonly kind: 'rules'; readonly robot: Robot; readonly crawlDelaySeconds: number | null }
  | { readonly kind: 'allow-all' }
  | { readonly kind: 'disallow-all' };

/**
 * What robots.txt's fetch can end in that says nothing about robots.txt itself: the check had no
 * turn at the host in its time, or must come back later (the pacer's errors), or an error of ours.
 * Such an answer is not kept: the next check asks again.
 */
const isNotAnAnswer = (error: unknown) => !(error instanceof FetchError) || error.kind === 'paced';

/** Answers "may this agent fetch this URL", fetching each origin's robots.txt at most once. */
export class RobotsCache {
  private readonly verdicts = new Map<string, Promise<Verdict>>();

  constructor(private readonly agent: string) {}

  /** True when robots.txt of the URL's origin allows the agent to fetch it. */
  async isAllowed(url: URL, source: RobotsSource): Promise<boolean> {
    const v = await this.verdict(url, source);
    if (v.kind === 'allow-all') return true;
    if (v.kind === 'disallow-all') return false;
    return v.robot.isAllowed(url.href, this.agent) !== false;
  }

  /** The Crawl-delay in seconds that robots.txt of the URL's origin sets for the agent, or null. */
  async crawlDelaySeconds(url: URL, source: RobotsSource): Promise<number | null> {
    const v = await this.verdict(url, source);
    return v.kind === 'rules' ? v.crawlDelaySeconds : null;
  }

  /** The sitemaps robots.txt of the URL's origin names (`Sitemap:` lines), in its order. */
  async sitemaps(url: URL, source: RobotsSource): Promise<string[]> {
    const v = await this.verdict(url, source);
    return v.kind === 'rules' ? v.robot.getSitemaps() : [];
  }

  private async verdict(url: URL, source: RobotsSource): Promise<Verdict> {
    const shared = this.verdicts.get(url.origin);
    if (shared) {
      try {
        return await shared;
      } catch (error) {
        // Another check's fetch had no turn at the host; this check tries with its own time.
        if (!isNotAnAnswer(error)) throw error;
        if (this.verdicts.has(url.origin)) return this.verdict(url, source);
      }
    }
    const own = this.load(url.origin, source);
    this.verdicts.set(url.origin, own);
    own.catch((error: unknown) => {
      if (isNotAnAnswer(error) && this.verdicts.get(url.origin) === own) this.verdicts.delete(url.origin);
    });
    return own;
  }

  private async load(origin: string, source: RobotsSource): Promise<Verdict> {
    const robotsUrl = `${origin}/robots.txt`;
    let verdict: Verdict;
    try {
      const text = await source.fetchText(robotsUrl);
      const robot = robotsParser(robotsUrl, text);
      verdict = { kind: 'rules', robot, crawlDelaySeconds: crawlDelayOf(robot, this.agent) };
    } catch (error) {
      if (isNotAnAnswer(error)) throw error;
      // robots.txt at a blocked address means the page's own address is blocked too; the page fetch
      // says so. (A robots.txt redirect to a blocked address arrives as a network error: disallow.)
      if (error instanceof FetchError && error.kind === 'blocked') throw error;
      // Likewise a proxy that refuses us: the page would be refused the same way, and that is the news.
      if (error instanceof ProxyRefusedError) throw error;
      const absent = error instanceof HttpStatusError && error.status >= 400 && error.status < 500;
      verdict = { kind: absent ? 'allow-all' : 'disallow-all' };
    }
    if (verdict.kind !== 'disallow-all')
      await source.rulesRead?.(verdict.kind === 'rules' ? verdict.crawlDelaySeconds : null);
    return verdict;
  }
}

/**
 * Crawl-delay of the group that applies to the agent (its own group, else `*`), in seconds, capped at
 * MAX_CRAWL_DELAY_SECONDS; null when there is none, it is not a positive number, or it is 0 (no delay).
 *
 * @example crawlDelayOf(robotsParser(url, 'User-agent: *\nCrawl-delay: 2'), 'CheckMyPriceBot') // 2
 */
export function crawlDelayOf(robot: Robot, agent: string): number | null {
  // robots-parser picks the group and skips values that are not numbers; the range is ours to check.
  const delay = robot.getCrawlDelay(agent);
  if (delay === undefined || !Number.isFinite(delay) || delay <= 0) return null;
  return Math.min(delay, MAX_CRAWL_DELAY_SECONDS);
}
