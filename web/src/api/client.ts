// The API client: `call` sends a contract route through Amplify's REST client and types the answer from the
// contract; `download` fetches a route that answers a file. Only the per-resource modules next to this file
// call them. They add the bearer token, turn 401 into "signed out" and every failure into an ApiError.
import {
  API_BASE,
  type Contract,
  downloadLinkSchema,
  type HttpMethod,
  type Reply,
  type RouteArguments,
  type RouteId,
  routeRequest,
  type SentRequest,
} from '@cmp/shared';
import { Amplify } from 'aws-amplify';
import { del, get, patch, post, put } from 'aws-amplify/api';
import { paths } from '../config/paths';
import { apiEndpoint, type WebConfig } from '../config/web-config';
import { ApiError, httpError, parseJsonBody, requestHeaders, retriesAllowed } from '../lib/api-error';
import { attachmentFileName } from '../lib/save-file';
import { clearStoredSession, getStoredToken } from '../lib/session-storage';

const API_NAME = 'cmp';

type Input = Parameters<typeof get>[0];
type Operation = ReturnType<typeof get>;
type Body = NonNullable<NonNullable<Input['options']>['body']>;

const transports: Record<HttpMethod, (input: Input) => Operation> = {
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

interface RequestOptions extends Omit<SentRequest, 'params'> {
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

/** Sends a request with the bearer token; resolves with a 2xx answer, rejects with an ApiError. */
async function send(method: HttpMethod, path: string, options: RequestOptions) {
  const { body, query, retry = retriesAllowed(method) } = options;
  const operation = transports[method]({
    apiName: API_NAME,
    // Amplify's paths are relative to `apiUrl`, which ends at the API's base path.
    path: path.slice(API_BASE.length),
    options: {
      headers: requestHeaders(getStoredToken(), body),
      ...(body === undefined ? {} : { body: body as Body }),
      ...(query ? { queryParams: definedOnly(query) } : {}),
      retryStrategy: { strategy: retry ? 'jittered-exponential-backoff' : 'no-retry' },
    },
  });
  try {
    return await operation.response;
  } catch (caught) {
    const error = toApiError(caught);
    if (error.status === 401) handleUnauthorized();
    throw error;
  }
}

/**
 * Calls the API and resolves with the parsed JSON body of a 2xx answer; rejects with an ApiError
 * (`status`, `body`, and the server's `error` text as `message`).
 */
async function apiRequest<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(method, path, options);
  const parsed = parseJsonBody(await response.body.text());
  if (!parsed.ok) {
    throw new ApiError('invalid-response', response.statusCode, undefined, 'Response is not JSON');
  }
  // The one place a body gets its type: `call` passes the contract's success type of the route.
  return parsed.value as T;
}

/** Amplify sends every query value it is given: a field left undefined is left out. */
function definedOnly(query: Readonly<Record<string, string | undefined>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/**
 * Calls a route of the contract by its id and resolves with its success body, typed from the
 * contract's schema; the path's `{name}` parts come from `params`.
 * @example await call('PUT /api/products/{id}', { params: { id: 7 }, body: input })
 */
export function call<Id extends RouteId>(
  id: Id,
  ...[request]: RouteArguments<Id, Pick<RequestOptions, 'retry'>>
): Promise<Reply<Id>> {
  // The contract typed the request for this route; the transport takes any route's.
  const { params, ...options } = (request ?? {}) as SentRequest & Pick<RequestOptions, 'retry'>;
  const { method, path } = routeRequest(id, params);
  return apiRequest<Reply<Id>>(method, path, options);
}

/** The routes that answer a file rather than JSON (the contract's `produces`). */
export type FileRouteId = {
  [Id in RouteId]: Contract[Id] extends { produces: string } ? Id : never;
}[RouteId];

/**
 * A downloaded file and the name the server gave it (its Content-Disposition); or, for a file too large
 * for one answer, the link the server gave to fetch it from (docs/api.md#csv-exports).
 */
export type DownloadedFile = { blob: Blob; fileName: string } | { link: string };

/**
 * Fetches a file route with the bearer token in the header (never in a URL), for the page to save.
 * @example await download('GET /api/products/{id}/price-history.csv', { params: { id: 7 } })
 */
export async function download<Id extends FileRouteId>(
  id: Id,
  ...[request]: RouteArguments<Id>
): Promise<DownloadedFile> {
  const { params, query } = (request ?? {}) as SentRequest;
  const { method, path } = routeRequest(id, params);
  const response = await send(method, path, query ? { query } : {});
  if (String(response.headers['content-type'] ?? '').startsWith('application/json')) {
    const parsed = parseJsonBody(await response.body.text());
    const link = parsed.ok ? downloadLinkSchema.safeParse(parsed.value) : undefined;
    if (!link?.success)
      throw new ApiError('invalid-response', response.statusCode, undefined, 'Response is not a file');
    return { link: link.data.download_url };
  }
  return {
    blob: await response.body.blob(),
    fileName: attachmentFileName(response.headers['content-disposition']) ?? 'export.csv',
  };
}
