// Pure pieces of the API client: error shape, body parsing and request headers (no Amplify, no DOM).

/** `http`: the server answered non-2xx with JSON; `network`: no answer; `invalid-response`: the answer was not JSON. */
export type ApiErrorKind = 'http' | 'network' | 'invalid-response';

/** What every API call rejects with. `status` is 0 when the server was not reached. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status: number;
  /** The parsed JSON body of a non-2xx answer (`{ success: false, error }` from our API). */
  readonly body: unknown;

  constructor(kind: ApiErrorKind, status: number, body: unknown, message: string, options?: ErrorOptions) {
    super(message, options);
    this.kind = kind;
    this.status = status;
    this.body = body;
  }
}

type Parsed = { ok: true; value: unknown } | { ok: false };

/** Parses a response body; an empty body is `undefined`, not an error. */
export function parseJsonBody(text: string): Parsed {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** The `error` text of a `{ success: false, error }` body, if there is one. */
export function serverErrorText(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const { error } = body;
  return typeof error === 'string' && error.trim() !== '' ? error : undefined;
}

/** Builds the error for a non-2xx answer from its status and raw body text. */
export function httpError(status: number, text: string): ApiError {
  const parsed = parseJsonBody(text);
  if (!parsed.ok)
    return new ApiError('invalid-response', status, undefined, `HTTP ${status}: response is not JSON`);
  return new ApiError('http', status, parsed.value, serverErrorText(parsed.value) ?? `HTTP ${status}`);
}

/**
 * The text to show for a failed call (docs/screens.md#9-toasts-errors-and-formats): the server's
 * `error` text when it sent one, else the caller's generic message (network failures included).
 * @example toast.error(errorMessage(err, 'Failed to fetch products'))
 */
export function errorMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiError && serverErrorText(error.body)) || fallback;
}

/** Bearer token when signed in; JSON content type when a body is sent that is not form data. */
export function requestHeaders(token: string | null, body: unknown): Record<string, string> {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined && !(body instanceof FormData)) headers['Content-Type'] = 'application/json';
  return headers;
}

/**
 * Whether the transport may retry a call (Amplify retries 5xx, 429 and network errors by default).
 * Only GET: POST and PATCH are not idempotent, and a retried PUT or DELETE whose first attempt did land
 * would answer with a confusing error.
 */
export function retriesAllowed(method: string): boolean {
  return method.toUpperCase() === 'GET';
}
