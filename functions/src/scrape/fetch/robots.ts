/**
 * robots.txt, fetched once per origin per run (the cache lives as long as the run's fetcher). Per
 * RFC 9309: a 4xx answer means no rules (allowed), a 5xx or unreachable robots.txt means
 * everything is disallowed. The cache also keeps the origin's Crawl-delay for spacing requests.
 */
import robotsParser from 'robots-parser';
import { FetchError, HttpStatusError } from './fetch-errors';

/** Fetches robots.txt text; throws FetchError (HttpStatusError for non-2xx answers). */
export type RobotsFetch = (robotsUrl: string) => Promise<string>;

/** The longest Crawl-delay we honour: a larger one would stall a run on one shop. */
export const MAX_CRAWL_DELAY_SECONDS = 30;

type Robot = ReturnType<typeof robotsParser>;

type Verdict =
  | { readonly kind: 'rules'; readonly robot: Robot; readonly crawlDelaySeconds: number | null }
  | { readonly kind: 'allow-all' }
  | { readonly kind: 'disallow-all' };

/** Answers "may this agent fetch this URL", fetching each origin's robots.txt at most once. */
export class RobotsCache {
  private readonly verdicts = new Map<string, Promise<Verdict>>();

  constructor(
    private readonly fetchText: RobotsFetch,
    private readonly agent: string,
  ) {}

  /** True when robots.txt of the URL's origin allows the agent to fetch it. */
  async isAllowed(url: URL): Promise<boolean> {
    const v = await this.verdict(url);
    if (v.kind === 'allow-all') return true;
    if (v.kind === 'disallow-all') return false;
    return v.robot.isAllowed(url.href, this.agent) !== false;
  }

  /** The Crawl-delay in seconds that robots.txt of the URL's origin sets for the agent, or null. */
  async crawlDelaySeconds(url: URL): Promise<number | null> {
    const v = await this.verdict(url);
    return v.kind === 'rules' ? v.crawlDelaySeconds : null;
  }

  private verdict(url: URL): Promise<Verdict> {
    let verdict = this.verdicts.get(url.origin);
    if (!verdict) {
      verdict = this.load(url.origin);
      this.verdicts.set(url.origin, verdict);
    }
    return verdict;
  }

  private async load(origin: string): Promise<Verdict> {
    const robotsUrl = `${origin}/robots.txt`;
    try {
      const text = await this.fetchText(robotsUrl);
      const robot = robotsParser(robotsUrl, text);
      return { kind: 'rules', robot, crawlDelaySeconds: crawlDelayOf(robot, this.agent) };
    } catch (error) {
      if (error instanceof HttpStatusError && error.status >= 400 && error.status < 500)
        return { kind: 'allow-all' };
      // robots.txt at a blocked address means the page's own address is blocked too; the page fetch
      // says so. (A robots.txt redirect to a blocked address arrives as a network error: disallow.)
      if (error instanceof FetchError && error.kind === 'blocked') throw error;
      return { kind: 'disallow-all' };
    }
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
