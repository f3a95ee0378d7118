import { FetchError } from '../../scrape/fetch/fetch-errors';
import { guardedPost, type PostOptions } from './guarded-post';
import type { Attempt } from './retry';

/** One POST of a delivery, its outcome in words a person understands and whether trying again may help. */
export async function postAttempt(
  url: URL,
  body: string,
  headers: Readonly<Record<string, string>>,
  options: PostOptions,
): Promise<Attempt> {
  try {
    const { status, text } = await guardedPost(url, body, headers, options);
    if (status >= 200 && status <= 299) return { ok: true, message: `Delivered to ${url.host}` };
    const said = text ? `: ${text}` : '';
    if (status >= 300 && status <= 399)
      return {
        ok: false,
        message: `HTTP ${status} from ${url.host} (redirects are not followed)`,
        retryable: false,
      };
    return {
      ok: false,
      message: `HTTP ${status} from ${url.host}${said}`,
      retryable: status === 429 || status >= 500,
    };
  } catch (error) {
    if (!(error instanceof FetchError)) throw error;
    if (error.kind === 'blocked')
      return { ok: false, message: `Refused: ${error.message.replace(/^Blocked: /, '')}`, retryable: false };
    return { ok: false, message: error.message, retryable: true };
  }
}
