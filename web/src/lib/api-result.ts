// Our API answers `{ success: false, error }` with a 4xx, which the client already rejects; this also
// covers a 2xx that says `success: false`, so "the server's error text"
// (docs/screens.md#9-toasts-errors-and-formats) holds either way.
import { ApiError, serverErrorText } from './api-error';

/** Returns the body when `success` is not false; otherwise throws an ApiError carrying the body. */
export function expectSuccess<T>(body: T): T {
  if (typeof body === 'object' && body !== null && 'success' in body && body.success === false) {
    throw new ApiError('http', 200, body, serverErrorText(body) ?? 'Request failed');
  }
  return body;
}
