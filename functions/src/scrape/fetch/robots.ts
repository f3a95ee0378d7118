/**
 * robots.txt, fetched once per origin per run (the cache lives as long as the run's fetcher). Per
 * RFC 9309: a 4xx answer means no rules (allowed), a 5xx or unreachable robots.txt means
 * everything is disallowed.
 */
import robotsParser from 'robots-parser';
import { FetchError, HttpStatusError } from './fetch-errors';

/** Fetches robots.txt text; throws FetchError (HttpStatusError for non-2xx answers). */
export type RobotsFetch = (robotsUrl: string) => Promise<string>;

type Verdict =
  | { readonly kind: 'rules'; readonly robot: ReturnType<typeof robotsParser> }
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
    const origin = url.origin;
    let verdict = this.verdicts.get(origin);
    if (!verdict) {
      verdict = this.load(origin);
      this.verdicts.set(origin, verdict);
    }
    const v = await verdict;
    if (v.kind === 'allow-all') return true;
    if (v.kind === 'disallow-all') return false;
    return v.robot.isAllowed(url.href, this.agent) !== false;
  }

  private async load(origin: string): Promise<Verdict> {
    const robotsUrl = `${origin}/robots.txt`;
    try {
      const text = await this.fetchText(robotsUrl);
      return { kind: 'rules', robot: robotsParser(robotsUrl, text) };
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
