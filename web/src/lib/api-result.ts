// Our API answers `{ success: false, error }` with a 4xx, which the client already rejects; this also
// covers a 2xx that says `success: false`, so "the server's error text"
// (docs/screens.md#9-toasts-errors-and-formats) holds either way.
import { ApiError } from './api-error';

/** Returns the body when `success` is not false; otherwise throws an ApiError carrying the body. */
export function expectSuccess<T>(body: T): T {
  const flagged = body as { success?: unknown; error?: unknown } | null | undefined;
  if (flagged && typeof flagged === 'object' && flagged.success === false) {
    const text = typeof flagged.error === 'string' && flagged.error ? flagged.error : 'Request failed';
    throw new ApiError('http', 200, body, text);
  }
  return body;
}
