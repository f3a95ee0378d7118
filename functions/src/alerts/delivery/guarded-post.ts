/**
 * One POST to an address an admin typed (a webhook, a Slack incoming webhook) through the scraper's
 * connection guard: https only (http for allowed local receivers), no private address (literal or resolved), no redirect followed, one
 * time limit for the whole request, and only a small piece of the answer read.
 */
import { checkTarget, guardedLookup } from '../../scrape/fetch/connection-guard';
import {
  BlockedError,
  FetchError,
  FetchTimeoutError,
  NetworkError,
  PageTooLargeError,
} from '../../scrape/fetch/fetch-errors';
import { type HttpResponse, httpGet } from '../../scrape/fetch/http-get';

export interface PostOptions {
  /** host:port pairs allowed although they resolve to blocked addresses (ALERT_ALLOW_HOSTS). */
  readonly allowHosts: ReadonlySet<string>;
  readonly timeoutMs: number;
}

export interface PostAnswer {
  readonly status: number;
  /** The start of a plain-text answer (Slack says why it refused: 'invalid_token'), else ''. */
  readonly text: string;
}

/** Enough of an answer for a short reason; the rest is never read. */
const ANSWER_BYTES = 4096;

/**
 * Sends `body` and resolves with the answer's status, whatever it is (a redirect included: the
 * caller treats anything but 2xx as a failure). Throws a FetchError when the request is refused,
 * times out or fails on the network.
 */
export async function guardedPost(
  url: URL,
  body: string,
  headers: Readonly<Record<string, string>>,
  options: PostOptions,
): Promise<PostAnswer> {
  const allowed = checkTarget(url, options.allowHosts);
  // What is posted (a signed digest, a Slack token in the path) must not cross the network in clear
  // text; plain http is for the allowed local receivers only.
  if (!allowed && url.protocol !== 'https:') throw new BlockedError('Blocked: the address must use https');
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  let response: HttpResponse | undefined;
  try {
    response = await httpGet(url, {
      lookup: guardedLookup(allowed),
      signal: controller.signal,
      headersTimeoutMs: options.timeoutMs,
      headers,
      body,
    });
    return { status: response.status, text: await answerText(response) };
  } catch (error) {
    if (error instanceof FetchError) throw error;
    if (controller.signal.aborted) throw new FetchTimeoutError(options.timeoutMs);
    throw new NetworkError(errorCode(error));
  } finally {
    clearTimeout(timer);
    response?.close();
  }
}

async function answerText(response: HttpResponse): Promise<string> {
  if (!/^text\/plain/i.test(response.headers['content-type'] ?? '')) return '';
  try {
    const text = new TextDecoder().decode(await response.read(ANSWER_BYTES));
    // Outside text in a message staff read: one short line, no control characters.
    return (text.split('\n')[0] ?? '')
      .replace(/[\p{Cc}]/gu, '')
      .trim()
      .slice(0, 100);
  } catch (error) {
    if (error instanceof PageTooLargeError) return '';
    throw error;
  }
}

function errorCode(error: unknown): string {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return error instanceof Error ? error.message : 'unknown error';
}
