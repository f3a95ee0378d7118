/**
 * Every refusal and failure of the guarded fetcher is one of these, with a short message that is
 * safe to show staff and store on the result record.
 */

export type FetchFailure =
  | 'blocked'
  | 'timeout'
  | 'too-large'
  | 'not-html'
  | 'robots'
  | 'http'
  | 'redirects'
  | 'network'
  | 'paced';

/** Base of all fetch errors; `kind` lets callers branch without parsing messages. */
export class FetchError extends Error {
  override readonly name: string = 'FetchError';
  constructor(
    readonly kind: FetchFailure,
    message: string,
  ) {
    super(message);
  }
}

/** The scheme, host or resolved address is not one we may contact. */
export class BlockedError extends FetchError {
  override readonly name = 'BlockedError';
  constructor(message = 'Blocked: address is private') {
    super('blocked', message);
  }
}

export class FetchTimeoutError extends FetchError {
  override readonly name = 'FetchTimeoutError';
  constructor(ms: number) {
    super('timeout', `Timed out after ${formatSeconds(ms)} s`);
  }
}

export class PageTooLargeError extends FetchError {
  override readonly name = 'PageTooLargeError';
  constructor(bytes: number) {
    super('too-large', `Page larger than ${formatSize(bytes)}`);
  }
}

export class NotHtmlError extends FetchError {
  override readonly name = 'NotHtmlError';
  constructor(contentType: string) {
    super('not-html', `Not an HTML page (${contentType.slice(0, 60) || 'no content type'})`);
  }
}

export class RobotsDisallowedError extends FetchError {
  override readonly name = 'RobotsDisallowedError';
  constructor() {
    super('robots', 'Disallowed by robots.txt');
  }
}

export class HttpStatusError extends FetchError {
  override readonly name = 'HttpStatusError';
  constructor(
    readonly status: number,
    /** How long a 429 or 503 asked us to wait before the next request (retry-after.ts), else null. */
    readonly retryAfterMs: number | null = null,
    /** The answer's HTML page, when it was small enough to read: a refusal says there what it is. */
    readonly page: string | null = null,
  ) {
    super('http', `HTTP ${status}`);
  }
}

export class TooManyRedirectsError extends FetchError {
  override readonly name = 'TooManyRedirectsError';
  constructor(max: number) {
    super('redirects', `Too many redirects (more than ${max})`);
  }
}

export class NetworkError extends FetchError {
  override readonly name = 'NetworkError';
  constructor(detail: string) {
    super('network', `Could not connect (${detail.slice(0, 80)})`);
  }
}

/** The host's proxy would not open a tunnel to it (407: its user name or password is wrong). */
export class ProxyRefusedError extends FetchError {
  override readonly name = 'ProxyRefusedError';
  constructor(readonly status: number) {
    super(
      'network',
      status === 407
        ? "The host's proxy refused our user name and password (HTTP 407)"
        : `The host's proxy would not connect to it (HTTP ${status})`,
    );
  }
}

/**
 * The request was not made: the host's pace (one request at a time, spaced, or paused at its
 * request) has no turn for it in the time the check has left.
 */
export class OutOfTimeError extends FetchError {
  override readonly name = 'OutOfTimeError';
  constructor(message: string) {
    super('paced', message);
  }
}

function formatSeconds(ms: number): string {
  const s = ms / 1000;
  return Number.isInteger(s) ? String(s) : s.toFixed(1);
}

function formatSize(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  if (mib >= 1 && Number.isInteger(mib)) return `${mib} MiB`;
  const kib = bytes / 1024;
  return Number.isInteger(kib) ? `${kib} KiB` : `${bytes} bytes`;
}

/**
 * What a fetch that threw failed with: the FetchError it carries (in its causes), a timeout when
 * its time ran out, else the network's code.
 */
export function toFetchError(error: unknown, signal: AbortSignal, totalTimeoutMs: number): FetchError {
  const chain = [...causeChain(error)];
  const carried = chain.find((e): e is FetchError => e instanceof FetchError);
  if (carried) return carried;
  if (signal.aborted) return new FetchTimeoutError(totalTimeoutMs);
  const code = chain
    .map((e) => (e as { code?: unknown }).code)
    .find((c): c is string => typeof c === 'string');
  return new NetworkError(code ?? (error instanceof Error ? error.message : 'unknown error'));
}

/** An error and its causes, the first five: undici wraps a socket's error a level or two deep. */
function* causeChain(error: unknown): Generator<unknown> {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++)
    yield e;
}
