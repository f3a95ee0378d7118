/**
 * The browser tier (issue 31): a page rendered by a real Chromium running the shop's own scripts,
 * as a shopper's browser would, with the browser itself never reaching the network. Every request
 * the page makes is answered from Node through the guarded fetcher:
 * - the page's document (and any later one of its main frame: a reload after a script set a
 *   cookie) as any page is fetched: paced per host, robots.txt honoured, redirects checked;
 * - its scripts, XHR/fetch and frames as resources: the same scheme and address checks (after DNS
 *   too), neither paced nor checked against robots.txt, which govern pages;
 * - images, media, fonts, styles and the like are not loaded; WebSockets, service workers and
 *   downloads are refused.
 * Chromium is launched with a proxy that does not exist (rendererLaunchOptions): its own speculative
 * connections (opened ahead of a request, and never routed) go there, as would a request that ever
 * escaped the routing. One fresh context per page: nothing is kept
 * between pages or hosts. At most RENDER_MAX_BYTES come in and RENDER_TIME_LIMIT_MS pass once the
 * document has arrived.
 */
import type { Browser, BrowserContext, Page, Request, Route } from 'playwright-core';
import { FetchError, PageTooLargeError } from '../fetch/fetch-errors';
import {
  FETCH_TIME_LIMIT_MS,
  type FetchedPage,
  type GuardedFetcher,
  type RequestPacer,
} from '../fetch/guarded-fetch';

/** Rendering time, from the document's arrival to the rendered page. */
export const RENDER_TIME_LIMIT_MS = 30_000;
/** Everything a page's requests bring in, decoded. */
export const RENDER_MAX_BYTES = 10 * 1024 * 1024;
/** Requests a page may make: a page that makes more is not a product page worth them. */
const MAX_REQUESTS = 300;
/** Documents of the main frame: the page, then a reload or two (a cookie set by script). */
const MAX_DOCUMENTS = 5;
/** What the extraction does not read and a shop need not send. */
const NOT_LOADED = new Set([
  'image',
  'media',
  'font',
  'stylesheet',
  'texttrack',
  'manifest',
  'eventsource',
  'websocket',
]);
/** The address of the proxy that does not exist: nothing listens on the discard port. */
const NOWHERE_PROXY = 'http://127.0.0.1:9';

/** The page was still rendering (its network not idle, or its wait not over) at the time limit. */
export class RenderTimeoutError extends FetchError {
  override readonly name = 'RenderTimeoutError';
  constructor(ms: number) {
    super('timeout', `The page was still rendering after ${ms / 1000} s`);
  }
}

/** A page as the browser left it: its DOM once rendered. */
export interface RenderedPage extends FetchedPage {
  readonly rendered: true;
}

export interface RenderSettings {
  /** How long to let the page's scripts run after it loads; 0: until its network is idle. */
  readonly renderWaitMs: number;
  readonly userAgent: string;
  /** Tests shorten it. */
  readonly timeLimitMs?: number;
}

/** Chromium's flags for a headless browser on a server: nothing in the background, no GPU, no sandbox. */
export const SERVER_CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
  '--disable-quic',
];

/** Launch options for the renderer's Chromium: no network of its own, nothing in the background. */
export function rendererLaunchOptions(executablePath: string) {
  return {
    executablePath,
    headless: true,
    // Loopback too goes to the proxy (Chromium would otherwise go straight there).
    proxy: { server: NOWHERE_PROXY, bypass: '<-loopback>' },
    args: SERVER_CHROMIUM_ARGS,
  };
}

/** What one page's routing has seen. */
class PageRequests {
  bytes = 0;
  requests = 0;
  documents = 0;
  /** Why the page's document could not be had: the plain fetcher's own error. */
  documentError: unknown;
  tooLarge = false;
  /** Documents fetched before the browser asks for them (the page's own, at the end of its redirects). */
  readonly fetched = new Map<string, FetchedPage>();
  /** Aborts the resources in flight at the time limit. */
  readonly controller = new AbortController();

  take(bytes: number): boolean {
    this.bytes += bytes;
    if (this.bytes > RENDER_MAX_BYTES) this.tooLarge = true;
    return !this.tooLarge;
  }
}

const isMainDocument = (page: Page, request: Request) => {
  try {
    return request.isNavigationRequest() && request.frame() === page.mainFrame();
  } catch {
    // A service worker's request has no frame (they are blocked; this is the guard's own).
    return false;
  }
};

async function answerDocument(
  route: Route,
  request: Request,
  seen: PageRequests,
  fetcher: GuardedFetcher,
  pacer: RequestPacer | undefined,
) {
  const url = request.url();
  const ready = seen.fetched.get(url);
  seen.fetched.delete(url);
  if (++seen.documents > MAX_DOCUMENTS && !ready) return route.abort('blockedbyclient');
  let page = ready;
  if (!page) {
    try {
      page = await fetcher.fetchPage(url, pacer, await request.allHeaders());
    } catch (error) {
      seen.documentError ??= error;
      return route.abort('failed');
    }
    if (!seen.take(Buffer.byteLength(page.html))) return route.abort('blockedbyclient');
  }
  // Answered at the address asked: a redirect answered here would be followed by Chromium's own
  // network, unrouted (the page's first document is fetched before, so it is at its final address).
  return route.fulfill({ status: page.status, contentType: page.contentType, body: page.html });
}

async function answerResource(route: Route, request: Request, seen: PageRequests, fetcher: GuardedFetcher) {
  if (NOT_LOADED.has(request.resourceType()) || ++seen.requests > MAX_REQUESTS || seen.tooLarge)
    return route.abort('blockedbyclient');
  try {
    const answer = await fetcher.fetchResource(
      request.url(),
      {
        method: request.method(),
        headers: await request.allHeaders(),
        body: request.postData() ?? undefined,
      },
      RENDER_MAX_BYTES - seen.bytes,
      seen.controller.signal,
    );
    if (!seen.take(answer.body.length)) return route.abort('blockedbyclient');
    return route.fulfill({ status: answer.status, headers: answer.headers, body: answer.body });
  } catch (error) {
    if (error instanceof PageTooLargeError) seen.tooLarge = true;
    return route.abort(
      error instanceof FetchError && error.kind === 'blocked' ? 'blockedbyclient' : 'failed',
    );
  }
}

/** Routes every request of the context's pages through the fetcher; refuses what it does not answer. */
async function guard(
  context: BrowserContext,
  page: Page,
  seen: PageRequests,
  fetcher: GuardedFetcher,
  pacer: RequestPacer | undefined,
) {
  await context.route('**/*', (route, request) =>
    isMainDocument(page, request)
      ? answerDocument(route, request, seen, fetcher, pacer)
      : answerResource(route, request, seen, fetcher),
  );
  // A WebSocket routed and never connected to its server reaches nobody.
  await context.routeWebSocket(/.*/, (socket) => socket.close());
}

/** The page's rendered DOM, once its scripts have had their time; throws a FetchError when it cannot be had. */
export async function renderPage(
  browser: Browser,
  fetcher: GuardedFetcher,
  address: string,
  settings: RenderSettings,
  pacer?: RequestPacer,
): Promise<RenderedPage> {
  const timeLimitMs = settings.timeLimitMs ?? RENDER_TIME_LIMIT_MS;
  const seen = new PageRequests();
  // The page's document first, as a plain check fetches it (its own limits, pacing waits aside),
  // so the browser opens it at its final address; the time limit runs from its arrival.
  const document = await fetcher.fetchPage(address, pacer);
  seen.fetched.set(document.url, document);
  seen.take(Buffer.byteLength(document.html));
  const context = await browser.newContext({
    userAgent: settings.userAgent,
    serviceWorkers: 'block',
    acceptDownloads: false,
  });
  let timer: NodeJS.Timeout | undefined;
  const outOfTime = new Promise<'out of time'>((resolve) => {
    timer = setTimeout(() => resolve('out of time'), timeLimitMs);
  });
  try {
    const page = await context.newPage();
    await guard(context, page, seen, fetcher, pacer);
    const rendering = render(page, document.url, settings.renderWaitMs);
    rendering.catch(() => undefined);
    let result: FetchedPage | 'out of time';
    try {
      result = await Promise.race([rendering, outOfTime]);
    } catch (error) {
      throw (
        seen.documentError ?? (seen.tooLarge ? new PageTooLargeError(RENDER_MAX_BYTES) : renderFailure(error))
      );
    }
    if (seen.documentError !== undefined) throw seen.documentError;
    if (seen.tooLarge) throw new PageTooLargeError(RENDER_MAX_BYTES);
    if (result === 'out of time') throw new RenderTimeoutError(timeLimitMs);
    return { ...result, rendered: true };
  } finally {
    clearTimeout(timer);
    seen.controller.abort();
    await context.close().catch(() => undefined);
  }
}

/** A failure of the browser's own, in words staff can read (the details are the browser's). */
function renderFailure(error: unknown): FetchError {
  if (error instanceof FetchError) return error;
  return new FetchError('network', 'The browser could not render the page');
}

/** A script started another navigation (a reload after setting a cookie) before the page loaded. */
const isInterrupted = (error: unknown) =>
  error instanceof Error && /interrupted by another navigation|navigation .*aborted/i.test(error.message);

/** A read of the page while a script navigates it again fails: read the page that follows. */
const isNavigating = (error: unknown) =>
  error instanceof Error &&
  /execution context was destroyed|page is navigating|navigation/i.test(error.message);

async function render(page: Page, address: string, renderWaitMs: number): Promise<FetchedPage> {
  let status = 200;
  try {
    const response = await page.goto(address, {
      waitUntil: 'load',
      // A backstop only: the document's fetch and the render have their own limits.
      timeout: FETCH_TIME_LIMIT_MS * 3 + RENDER_TIME_LIMIT_MS,
    });
    status = response?.status() ?? status;
  } catch (error) {
    if (!isInterrupted(error)) throw error;
  }
  if (renderWaitMs === 0) await page.waitForLoadState('networkidle', { timeout: 0 });
  else await page.waitForTimeout(renderWaitMs);
  for (let attempt = 1; ; attempt++) {
    try {
      await page.waitForLoadState('load', { timeout: 0 });
      return { url: page.url(), status, contentType: 'text/html', html: await page.content() };
    } catch (error) {
      if (attempt >= MAX_DOCUMENTS || !isNavigating(error)) throw error;
    }
  }
}
