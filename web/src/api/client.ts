// The transport under web/src/api/: Amplify's REST client. Only the per-resource modules next to this file
// call it. It adds the bearer token, turns 401 into "signed out" and every failure into an ApiError.
import { Amplify } from 'aws-amplify';
import { del, get, patch, post, put } from 'aws-amplify/api';
import { paths } from '../config/paths';
import { apiEndpoint, type WebConfig } from '../config/web-config';
import { ApiError, httpError, parseJsonBody, requestHeaders, retriesAllowed } from '../lib/api-error';
import { clearStoredSession, getStoredToken } from '../lib/session-storage';

export { ApiError, errorMessage } from '../lib/api-error';

const API_NAME = 'cmp';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Input = Parameters<typeof get>[0];
type Operation = ReturnType<typeof get>;
type Body = NonNullable<NonNullable<Input['options']>['body']>;

const transports: Record<Method, (input: Input) => Operation> = {
  GET: get,
  POST: post,
  PUT: put,
  PATCH: patch,
  DELETE: del,
};

/** Points Amplify at the API once, from `/config.json` (`apiUrl` may be relative to the page). */
export function configureApiClient(config: WebConfig, origin = window.location.origin): void {
  Amplify.configure(
    { API: { REST: { [API_NAME]: { endpoint: apiEndpoint(config.apiUrl, origin) } } } },
    // Our API uses bearer tokens, not IAM: never look for AWS credentials.
    { API: { REST: { defaultAuthMode: 'none' } } },
  );
}

const unauthorizedListeners = new Set<() => void>();

/** Runs `listener` after any call answers 401 (the stored session is already cleared). Returns an unsubscribe. */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

function handleUnauthorized(): void {
  clearStoredSession();
  if (unauthorizedListeners.size > 0) {
    // The session provider signs out; the route guards then show /login.
    for (const listener of unauthorizedListeners) listener();
  } else if (window.location.pathname !== paths.login) {
    window.location.assign(paths.login);
  }
}

export interface RequestOptions {
  /** JSON-serialisable value or FormData (multipart upload). */
  body?: unknown;
  query?: Record<string, string>;
  /** Override the transport's retry on 5xx/429/network errors; by default only GET retries. */
  retry?: boolean;
}

/** The status and raw body Amplify attaches to the error it throws for a non-2xx answer. */
function amplifyResponse(error: unknown): { statusCode: number; body: string } | undefined {
  if (typeof error !== 'object' || error === null || !('response' in error)) return undefined;
  const { response } = error;
  if (typeof response !== 'object' || response === null || !('statusCode' in response)) return undefined;
  if (typeof response.statusCode !== 'number') return undefined;
  const body = 'body' in response && typeof response.body === 'string' ? response.body : '';
  return { statusCode: response.statusCode, body };
}

/** Turns whatever Amplify threw into an ApiError (Amplify throws for every status >= 300). */
function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const response = amplifyResponse(error);
  if (response) return httpError(response.statusCode, response.body);
  return new ApiError('network', 0, undefined, 'Network error', { cause: error });
}

/**
 * Calls the API and resolves with the parsed JSON body of a 2xx answer; rejects with an ApiError
 * (`status`, `body`, and the server's `error` text as `message`).
 * @example await apiRequest<LoginResponse>('POST', '/auth/login', { body: { email, password } })
 */
export async function apiRequest<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const { body, query, retry = retriesAllowed(method) } = options;
  const operation = transports[method]({
    apiName: API_NAME,
    path,
    options: {
      headers: requestHeaders(getStoredToken(), body),
      ...(body === undefined ? {} : { body: body as Body }),
      ...(query ? { queryParams: query } : {}),
      retryStrategy: { strategy: retry ? 'jittered-exponential-backoff' : 'no-retry' },
    },
  });
  try {
    const response = await operation.response;
    const parsed = parseJsonBody(await response.body.text());
    if (!parsed.ok) {
      throw new ApiError('invalid-response', response.statusCode, undefined, 'Response is not JSON');
    }
    // The one place a body gets its type: T is the response type from '@cmp/shared' that the calling
    // module in web/src/api/ names for this route, so no feature ever casts a response.
    return parsed.value as T;
  } catch (caught) {
    const error = toApiError(caught);
    if (error.status === 401) handleUnauthorized();
    throw error;
  }
}

/** A success answer: `{ success: true }` plus the route's named field, e.g. `Answer<'products', Product[]>`. */
export type Answer<Field extends string, T> = Ack & { [K in Field]: T };

/** A success answer that carries no data (a delete, a started run). */
export type Ack = { success: boolean };

/** Shorthands per method; paths are relative to `apiUrl` (e.g. `/auth/status` for `/api/auth/status`). */
export const apiClient = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, options),
};
