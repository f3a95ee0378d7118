/**
 * The guarded fetcher: every server-side fetch of a competitor page goes through it. It refuses
 * non-http(s) schemes and non-public addresses (checked on literal IPs before connecting and inside
 * the connection's own DNS lookup, so DNS rebinding cannot slip a private address in), follows at
 * most 5 redirects re-checking each and never from https down to http, honours robots.txt, enforces
 * timeouts and a cap on the decoded body, and only hands HTML onwards. Given a pacer, every request
 * (robots.txt and redirects included) waits for its host's turn first.
 */
import { ROBOTS_AGENT } from '@cmp/shared';
import { checkResolvedName, checkTarget, guardedLookup, mappedResolver } from './connection-guard';
import { decodeHtml } from './decode-html';
import {
  BlockedError,
  FetchTimeoutError,
  HttpStatusError,
  NetworkError,
  NotHtmlError,
  PageTooLargeError,
  RobotsDisallowedError,
  TooManyRedirectsError,
  toFetchError,
} from './fetch-errors';
import { type HttpGetOptions, type HttpResponse, httpGet, type Tunnel } from './http-get';
import { retryAfterMs } from './retry-after';
import { RobotsCache, type RobotsSource } from './robots';
import { TimeLimit, withinDeadline } from './time-limit';

// The connection guard lives in its own module (alert webhooks use it too); its names stay exported here.
export { checkTarget, guardedLookup, type ResolveAll } from './connection-guard';

export interface GuardedFetchOptions {
  /** host:port pairs allowed although they resolve to blocked addresses (SCRAPER_ALLOW_HOSTS). */
  readonly allowHosts: readonly string[];
  /** Host names resolved to these addresses instead of by DNS (SCRAPER_HOST_MAP); still checked. */
  readonly hostMap?: ReadonlyMap<string, string>;
  readonly userAgent: string;
  readonly headersTimeoutMs?: number;
  readonly totalTimeoutMs?: number;
  readonly maxBytes?: number;
  readonly maxRedirects?: number;
  /**
   * The only CA certificates trusted for https, in PEM; default: Node's public roots. For tests with
   * a self-signed local server; production code passes nothing, so it never weakens TLS.
   */
  readonly trustedCa?: string;
  /** The proxy a host's requests go through (its settings), or null: straight to it. */
  readonly proxyFor?: (host: string) => Promise<HostProxy | null>;
}

/** A host's proxy as its settings name it; the password is its secret's. */
export interface HostProxy {
  readonly url: string;
  readonly username: string;
  readonly password: string;
}

export interface FetchedPage {
  /** The address after redirects. */
  readonly url: string;
  readonly status: number;
  readonly contentType: string;
  readonly html: string;
  /** How long the fetch took (its requests, redirects and robots.txt), waits for the host's turn aside. */
  readonly fetchMs?: number;
}

/**
 * Politeness towards each host, shared by every fetcher of a run (decision 37): the fetcher asks
 * for a turn before each request and ends it when the request is over.
 */
export interface RequestPacer {
  /**
   * Resolves when a request to the URL's host may start, holding one of the host's places for it.
   * Throws when it may not start in the caller's time (OutOfTimeError) or the caller should come back later.
   */
  begin(url: URL): Promise<RequestTurn>;
  /** robots.txt of the URL's origin has been read: its Crawl-delay for our agent (seconds), or none. */
  crawlDelayRead(url: URL, seconds: number | null): Promise<void>;
}

export interface RequestTurn {
  /** The request's connection is open: the host sees it begin now. */
  reached(): void;
  /** The request is over; `holdMs` when the answer (429/503) asked us to wait that long before the next. */
  end(holdMs: number | null): Promise<void>;
}

/** A sitemap or a feed as fetched: its final address, its type as the server said, its bytes. */
export interface FetchedFile {
  readonly url: string;
  readonly contentType: string;
  readonly bytes: Uint8Array;
}

/** A request a rendered page makes of its own (a script, a JSON endpoint, a frame), as the browser asks it. */
export interface ResourceRequest {
  readonly method: string;
  /** The browser's headers; only those a shop needs are passed on (FORWARDED_HEADERS). */
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string | undefined;
}

/** Its answer, for the browser: the body decoded, the headers that describe it. */
export interface FetchedResource {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: Buffer;
}

/** How much of a sitemap or feed is read, and how long it may take; `onChunk` takes it as it arrives. */
export interface FileLimits {
  readonly maxBytes: number;
  readonly timeLimitMs: number;
  /** Given: the body goes here a piece at a time, decoded, and the file's `bytes` are empty. */
  readonly onChunk?: (chunk: Uint8Array) => void;
}

export interface GuardedFetcher {
  /**
   * Fetches one HTML page, each request paced by `pacer` when given; throws a FetchError subclass on
   * every refusal and failure. `headers` (a rendered page's cookie) go only to the page's own origin.
   */
  fetchPage(
    url: string,
    pacer?: RequestPacer,
    headers?: Readonly<Record<string, string>>,
  ): Promise<FetchedPage>;
  /**
   * One request of a rendered page, guarded like a page's (scheme, addresses after DNS, time) but
   * neither paced nor checked against robots.txt, which govern the page; its redirect is the
   * browser's to follow, and so to ask again. GET and POST only; at most `maxBytes` decoded.
   */
  fetchResource(
    url: string,
    request: ResourceRequest,
    maxBytes: number,
    signal: AbortSignal,
  ): Promise<FetchedResource>;
  /**
   * Fetches a sitemap or a product feed as bytes (gzipped or not: its reader decides), paced and
   * checked against robots.txt like a page, of any content type; at most `limits.maxBytes`
   * (after any Content-Encoding is undone) within `limits.timeLimitMs`: by default 50 MiB in 120 s.
   */
  fetchFile(url: string, pacer?: RequestPacer, limits?: FileLimits): Promise<FetchedFile>;
  /**
   * The Crawl-delay (seconds, at most 30) robots.txt of the address's origin sets for our agent, or
   * null; reads the run's cached robots.txt, fetching it first when this origin has not been seen.
   */
  crawlDelaySeconds(url: string, pacer?: RequestPacer): Promise<number | null>;
  /** The sitemaps robots.txt of the address's origin names, from the same cached robots.txt. */
  sitemapsOf(url: string, pacer?: RequestPacer): Promise<string[]>;
}

/** The default time limit of one fetch, from its first request (redirects included) to the body. */
export const FETCH_TIME_LIMIT_MS = 20_000;

const DEFAULTS = {
  headersTimeoutMs: 10_000,
  totalTimeoutMs: FETCH_TIME_LIMIT_MS,
  maxBytes: 2 * 1024 * 1024,
  maxRedirects: 5,
};
const ROBOTS_MAX_BYTES = 512 * 1024;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** `html`: a page; `robots`: a robots.txt; `file`: a sitemap or feed, of any type, with its own limits. */
type FetchMode = 'html' | 'robots' | 'file';
/** A file's limits unless the caller gives its own. */
const FILE_DEFAULTS: FileLimits = { maxBytes: 50 * 1024 * 1024, timeLimitMs: 120_000 };
const HTML_TYPES = /^(?:text\/html|application\/xhtml\+xml)\s*(?:;|$)/i;
const ACCEPT: Record<FetchMode, string> = {
  html: 'text/html,application/xhtml+xml;q=0.9',
  robots: 'text/plain,*/*;q=0.5',
  file: 'application/xml,text/xml,text/csv,text/plain,application/gzip;q=0.9,*/*;q=0.5',
};
/** What a rendered page's requests pass on: no browser fingerprint, nothing hop-by-hop. */
const FORWARDED_HEADERS = ['accept', 'accept-language', 'content-type', 'cookie', 'referer', 'origin'];
/** What a resource's answer tells the browser: the body is given decoded, so no length or coding. */
const ANSWERED_HEADERS = ['content-type', 'location', 'set-cookie', 'cache-control', 'last-modified', 'etag'];
/** An error answer's page is read up to this size: challenge and block pages are far smaller. */
const ERROR_PAGE_MAX_BYTES = 256 * 1024;

/**
 * An error answer's page, when it is HTML within ERROR_PAGE_MAX_BYTES: a shop's bot protection says
 * there that it refused us (a challenge served with 503, a captcha with 403). Null otherwise, and
 * when it cannot be read: the status still tells what happened.
 */
async function errorPage(response: HttpResponse, contentType = ''): Promise<string | null> {
  if (!HTML_TYPES.test(contentType.trim())) return null;
  try {
    return decodeHtml(await response.read(ERROR_PAGE_MAX_BYTES), contentType);
  } catch {
    return null;
  }
}

/**
 * A fetcher for one scrape run: robots.txt answers are cached per origin for its lifetime.
 *
 * @example const fetcher = createGuardedFetcher({ allowHosts: [], userAgent: 'CheckMyPriceBot/1.0' });
 */
export function createGuardedFetcher(options: GuardedFetchOptions): GuardedFetcher {
  const settings = { ...DEFAULTS, ...definedOnly(options) };
  const allowHosts = new Set(options.allowHosts.map((h) => h.toLowerCase()));
  const resolveAll = mappedResolver(options.hostMap ?? new Map());
  const robots = new RobotsCache(ROBOTS_AGENT);
  // The robots.txt fetch has its own timer, not the page's: its answer is shared by every page of
  // the origin, so one page running out of time must not cache a disallow for the others.
  const robotsSource = (pageUrl: URL, pacer: RequestPacer | undefined): RobotsSource => ({
    fetchText: async (robotsUrl) => (await follow(new URL(robotsUrl), 'robots', pacer, null)).body,
    ...(pacer && { rulesRead: (seconds) => pacer.crawlDelayRead(pageUrl, seconds) }),
  });

  /**
   * The tunnel through the host's proxy, if it has one. The proxy's own address passes the address
   * checks (SCRAPER_ALLOW_HOSTS lets a local one through); the target, which the proxy resolves,
   * must still resolve to public addresses here. The credentials go to the proxy only.
   */
  async function tunnelTo(url: URL, targetAllowed: boolean): Promise<Tunnel | undefined> {
    const proxy = await options.proxyFor?.(url.hostname.toLowerCase());
    if (!proxy) return undefined;
    const proxyUrl = new URL(proxy.url);
    const proxyAllowed = checkTarget(proxyUrl, allowHosts);
    if (!targetAllowed) await checkResolvedName(url.hostname, resolveAll);
    const credentials = Buffer.from(`${proxy.username}:${proxy.password}`).toString('base64');
    return {
      proxy: proxyUrl,
      authorization: proxy.username || proxy.password ? `Basic ${credentials}` : null,
      lookup: guardedLookup(proxyAllowed, resolveAll),
    };
  }

  /** One request to an address the guard lets through, straight or through the host's proxy. */
  async function send(
    url: URL,
    signal: AbortSignal,
    request: Pick<HttpGetOptions, 'headers' | 'body' | 'onConnected'>,
  ): Promise<HttpResponse> {
    const allowed = checkTarget(url, allowHosts);
    return httpGet(url, {
      ...request,
      lookup: guardedLookup(allowed, resolveAll),
      tunnel: await tunnelTo(url, allowed),
      signal,
      headersTimeoutMs: settings.headersTimeoutMs,
      ca: options.trustedCa,
    });
  }

  async function follow(
    start: URL,
    mode: FetchMode,
    pacer: RequestPacer | undefined,
    robotsCheck: RobotsCache | null,
    headers: Readonly<Record<string, string>> = {},
    file = FILE_DEFAULTS,
  ) {
    const timeLimitMs = mode === 'file' ? file.timeLimitMs : settings.totalTimeoutMs;
    const limit = new TimeLimit(timeLimitMs);
    try {
      return {
        ...(await followWithin(limit, start, mode, pacer, robotsCheck, headers, file)),
        fetchMs: limit.usedMs(),
      };
    } catch (error) {
      // The requests report the pages' limit; a file has its own.
      if (error instanceof FetchTimeoutError && limit.signal.aborted)
        throw new FetchTimeoutError(timeLimitMs);
      throw error;
    } finally {
      limit.stop();
    }
  }

  async function followWithin(
    limit: TimeLimit,
    start: URL,
    mode: FetchMode,
    pacer: RequestPacer | undefined,
    robotsCheck: RobotsCache | null,
    headers: Readonly<Record<string, string>>,
    file: FileLimits,
  ) {
    // Waiting for the host's turn (this fetch's, or its robots.txt's) is the host's pace, not its slowness.
    const paced = pacer && limit.pausedDuring(pacer);
    let url = start;
    for (let hop = 0; ; hop++) {
      // A rendered page's cookie is its origin's: a redirect elsewhere does not carry it.
      const sent = url.origin === start.origin ? headers : {};
      const result = await visit(url, mode, limit.signal, paced, robotsCheck, sent, file).catch(
        (error: unknown) => {
          // A robots.txt that redirects somewhere we may not go is one we cannot read (RFC 9309:
          // unreachable, so disallow); the page's own address is not the one that is blocked.
          if (mode === 'robots' && hop > 0 && error instanceof BlockedError)
            throw new NetworkError('robots.txt redirected to a blocked address');
          throw error;
        },
      );
      if (result.kind === 'done') return { ...result, url };
      if (hop >= settings.maxRedirects) throw new TooManyRedirectsError(settings.maxRedirects);
      // A downgrade would send the page's address (often with a session or tracking token) in clear
      // text; a robots.txt we may not follow there is one we cannot read.
      if (url.protocol === 'https:' && result.location.protocol === 'http:')
        throw mode === 'robots'
          ? new NetworkError('robots.txt redirected from https to http')
          : new BlockedError('Blocked: redirect from https to http');
      url = result.location;
    }
  }

  async function visit(
    url: URL,
    mode: FetchMode,
    signal: AbortSignal,
    pacer: RequestPacer | undefined,
    robotsCheck: RobotsCache | null,
    headers: Readonly<Record<string, string>>,
    file: FileLimits,
  ) {
    // Scheme and address literal first: robots.txt of a refused target is never fetched.
    checkTarget(url, allowHosts);
    if (
      robotsCheck &&
      !(await withinDeadline(
        robotsCheck.isAllowed(url, robotsSource(url, pacer)),
        signal,
        settings.totalTimeoutMs,
      ))
    )
      throw new RobotsDisallowedError();
    const turn = await pacer?.begin(url);
    let holdMs: number | null = null;
    try {
      return await fetchOnce(url, mode, signal, headers, file, turn);
    } catch (error) {
      if (error instanceof HttpStatusError) holdMs = error.retryAfterMs;
      throw error;
    } finally {
      await turn?.end(holdMs);
    }
  }

  async function fetchOnce(
    url: URL,
    mode: FetchMode,
    signal: AbortSignal,
    extraHeaders: Readonly<Record<string, string>>,
    file: FileLimits,
    turn?: RequestTurn,
  ) {
    let response: HttpResponse | undefined;
    try {
      response = await send(url, signal, {
        onConnected: turn && (() => turn.reached()),
        headers: {
          ...extraHeaders,
          'user-agent': options.userAgent,
          accept: ACCEPT[mode],
        },
      });
      const { status, headers } = response;
      if (REDIRECTS.has(status) && headers.location) {
        let next: URL;
        try {
          next = new URL(headers.location, url);
        } catch {
          throw new NetworkError('bad redirect address');
        }
        return { kind: 'redirect' as const, location: next };
      }
      if (status < 200 || status > 299)
        throw new HttpStatusError(
          status,
          retryAfterMs(status, headers['retry-after'], Date.now()),
          mode === 'html' ? await errorPage(response, headers['content-type']) : null,
        );
      const contentType = headers['content-type'] ?? '';
      if (mode === 'html' && !HTML_TYPES.test(contentType.trim())) throw new NotHtmlError(contentType);
      const cap = mode === 'html' ? settings.maxBytes : mode === 'file' ? file.maxBytes : ROBOTS_MAX_BYTES;
      const declared = Number(headers['content-length']);
      if (!headers['content-encoding'] && Number.isFinite(declared) && declared > cap)
        throw new PageTooLargeError(cap);
      // A streamed file goes to its reader as it arrives: nothing is kept here.
      const streamed = mode === 'file' ? file.onChunk : undefined;
      if (streamed) await response.stream(cap, streamed);
      const bytes = streamed ? new Uint8Array() : await response.read(cap);
      // A file's bytes are its reader's to decode (a gzipped sitemap, a feed in its own charset).
      const body = mode === 'file' ? '' : decodeHtml(bytes, contentType);
      return { kind: 'done' as const, status, contentType, body, bytes };
    } catch (error) {
      throw toFetchError(error, signal, settings.totalTimeoutMs);
    } finally {
      response?.close();
    }
  }

  async function fetchResource(
    address: string,
    request: ResourceRequest,
    maxBytes: number,
    signal: AbortSignal,
  ): Promise<FetchedResource> {
    const url = parsedAddress(address);
    if (request.method !== 'GET' && request.method !== 'POST')
      throw new BlockedError(`Blocked: ${request.method.slice(0, 10)} requests`);
    let response: HttpResponse | undefined;
    try {
      response = await send(url, signal, {
        headers: { ...picked(request.headers, FORWARDED_HEADERS), 'user-agent': options.userAgent },
        body: request.method === 'POST' ? (request.body ?? '') : undefined,
      });
      const body = Buffer.from(await response.read(maxBytes));
      return { status: response.status, headers: picked(response.headers, ANSWERED_HEADERS), body };
    } catch (error) {
      throw toFetchError(error, signal, settings.totalTimeoutMs);
    } finally {
      response?.close();
    }
  }

  return {
    fetchResource,
    async fetchPage(address, pacer, headers): Promise<FetchedPage> {
      const url = parsedAddress(address);
      const result = await follow(url, 'html', pacer, robots, picked(headers ?? {}, FORWARDED_HEADERS));
      return {
        url: result.url.href,
        status: result.status,
        contentType: result.contentType,
        html: result.body,
        fetchMs: result.fetchMs,
      };
    },
    async fetchFile(address, pacer, limits = FILE_DEFAULTS): Promise<FetchedFile> {
      const result = await follow(parsedAddress(address), 'file', pacer, robots, {}, limits);
      return { url: result.url.href, contentType: result.contentType, bytes: result.bytes };
    },
    crawlDelaySeconds: (address, pacer) => {
      const url = new URL(address);
      return robots.crawlDelaySeconds(url, robotsSource(url, pacer));
    },
    sitemapsOf: (address, pacer) => {
      const url = new URL(address);
      return robots.sitemaps(url, robotsSource(url, pacer));
    },
  };
}

function parsedAddress(address: string): URL {
  try {
    return new URL(address);
  } catch {
    throw new BlockedError('Blocked: not a valid address');
  }
}

/** The named headers that are there, each as one text (set-cookie's several joined by newlines, as Playwright takes them). */
function picked(
  headers: Readonly<Record<string, string | string[] | undefined>>,
  names: readonly string[],
): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of names) {
    const value = headers[name];
    if (value !== undefined) kept[name] = Array.isArray(value) ? value.join('\n') : value;
  }
  return kept;
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
