/**
 * The HTTP stack every route group shares: API Gateway v2 event → normalise headers → refuse
 * requests that bypassed CloudFront and find the client's address → route →
 * authenticate (unless the contract marks the route public) → parse the JSON body → validate
 * body, query and path with the contract's schemas → handler → JSON response (or CSV, for a route
 * the contract marks `produces: 'text/csv'`); errors are mapped in one place.
 */

import {
  contract,
  type ParsedPart,
  type RouteContract,
  type RouteId,
  type SuccessBody,
  type SuccessStatus,
} from '@cmp/shared';
import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import httpRouterHandler from '@middy/http-router';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type * as z from 'zod';
import en from 'zod/v4/locales/en.js';
import { recordActivity } from '../activity/activity-log';
import { collectingChanges } from '../activity/activity-notes';
import type { AuthContext } from '../auth/authenticate';
import { InvalidInputError, NotFoundError, UnauthenticatedError } from '../domain/errors';
import { logger } from '../logger';
import type { ApiContext } from './api-context';
import { cachedResponse } from './catalogue-cache';
import { requireSession } from './middleware/authenticate.middleware';
import { errorResponse } from './middleware/error-response.middleware';
import { jsonBody } from './middleware/json-body.middleware';
import { requireOrigin } from './middleware/origin-verify.middleware';
import { refuseViewers } from './middleware/refuse-viewers.middleware';
import { requestLog } from './middleware/request-log.middleware';
import { type ApiResult, toHttpResponse, toHttpResponseInParts } from './response';
import { type RouteDef, type RouteGroup, type RouteKeyOf, routes } from './routes';

export interface ApiRequest<B, Q, P> {
  body: B;
  query: Q;
  params: P;
  /** The signed-in session; null only on public routes. */
  auth: AuthContext | null;
  headers: Readonly<Record<string, string | undefined>>;
  /** The body as bytes, for routes that take something other than JSON (uploads). */
  rawBody: Buffer;
  /** The client's address, for per-address throttling (not API Gateway's peer, see client-address.ts). */
  sourceIp: string;
  requestId: string;
}

/** What the handler of route `K` receives: its body, query and path as the contract's schemas parse them. */
export type RequestOf<K extends RouteId> = ApiRequest<
  ParsedPart<K, 'body'>,
  ParsedPart<K, 'query'>,
  ParsedPart<K, 'params'>
>;
/** What the handler of route `K` answers: the contract's success body, with its success status. */
export type ResultOf<K extends RouteId> = ApiResult<SuccessBody<K>, SuccessStatus<K>>;

type Run<K extends RouteId> = (request: RequestOf<K>) => Promise<ResultOf<K>>;

/**
 * A route's handler: the function, or the function with `cache: 'catalogue'` when its answer is
 * kept until the catalogue changes (see catalogue-cache.ts).
 */
export type RouteHandler<K extends RouteId> = Run<K> | { cache: 'catalogue'; run: Run<K> };

type Handlers<G extends RouteGroup> = { [K in RouteKeyOf<G>]: RouteHandler<K> };

type RunOf<H> = H extends { run: infer R } ? R : H;
type AnsweredBody<H> =
  RunOf<H> extends (...args: never[]) => Promise<infer R> ? (R extends { body: infer B } ? B : never) : never;
/** Distributed, so a field one `return` adds and another does not still counts. */
type KeysOf<T> = T extends object ? keyof T : never;
type ExtraFields<H, K extends RouteId> = Exclude<KeysOf<AnsweredBody<H>>, KeysOf<SuccessBody<K>>>;
/**
 * TypeScript lets a function's answer carry fields its declared type does not name; this makes a
 * field the contract does not name a compile error that says which one.
 */
type NoExtraFields<G extends RouteGroup, H> = {
  [K in RouteKeyOf<G>]: K extends keyof H
    ? [ExtraFields<H[K], K>] extends [never]
      ? H[K]
      : `${K} answers fields the contract does not name: ${ExtraFields<H[K], K> & string}`
    : never;
};

/** The signed-in session of a protected route. */
export function sessionOf(request: ApiRequest<unknown, unknown, unknown>): AuthContext {
  if (!request.auth) throw new UnauthenticatedError();
  return request.auth;
}

/**
 * The Lambda handler of one route group. `handlers` must name exactly the group's routes, each
 * typed from the contract, so a route cannot exist without its handler or the other way round.
 */
export function groupHandler<G extends RouteGroup, H extends Handlers<G>>(
  group: G,
  handlers: H & NoExtraFields<G, H>,
) {
  const table = handlers as unknown as Record<string, RouteHandler<RouteId>>;
  const groupRoutes = routes
    .filter((route) => route.group === group)
    .map((route) => {
      const handler = table[route.id];
      if (!handler) throw new Error(`No handler for ${route.id}`);
      return { method: route.method, path: route.path, handler: routeChain(route, handler) };
    });
  return middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>()
    .use(httpHeaderNormalizer())
    .use(requestLog())
    .use(errorResponse())
    .use(requireOrigin())
    .handler(
      httpRouterHandler({
        routes: groupRoutes,
        notFoundResponse: () => {
          throw new NotFoundError('Route does not exist');
        },
      }),
    );
}

function routeChain(route: RouteDef, handler: RouteHandler<RouteId>) {
  const { request: schemas, produces, readOnly, summary }: RouteContract = contract[route.id];
  const changesSomething = !route.public && route.method !== 'GET' && !readOnly;
  const { run, cache } = typeof handler === 'function' ? { run: handler, cache: undefined } : handler;
  const chain = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, ApiContext>();
  if (!route.public) chain.use(requireSession());
  if (changesSomething) chain.use(refuseViewers());
  if (schemas.body) chain.use(jsonBody());
  return chain.handler(async (event, context) => {
    const request = {
      body: parse(schemas.body, context.body, 'body'),
      query: parse(schemas.query, event.queryStringParameters ?? {}),
      params: parse(schemas.params, event.pathParameters ?? {}),
      auth: context.auth ?? null,
      headers: event.headers,
      rawBody: Buffer.from(event.body ?? '', event.isBase64Encoded ? 'base64' : 'utf8'),
      sourceIp: context.clientAddress ?? event.requestContext.http.sourceIp,
      requestId: event.requestContext.requestId,
    } as RequestOf<RouteId>;
    const acceptEncoding = event.headers['accept-encoding'];
    if (cache === 'catalogue') {
      // An answer to a query is cut from kept rows each time (keptValue); the whole list is kept as it is.
      if (Object.keys(event.queryStringParameters ?? {}).length > 0)
        return toHttpResponseInParts(await run(request), acceptEncoding);
      return cachedResponse(route.id, acceptEncoding, () => run(request));
    }
    if (!changesSomething || !request.auth)
      return toHttpResponse(await run(request), acceptEncoding, produces);
    const { result, changes, more } = await collectingChanges(() => run(request));
    if ((result.status ?? 200) < 400)
      // The change is made: an entry that cannot be written is logged, never turned into a failure.
      await recordActivity({
        user: request.auth.user,
        route: { id: route.id, path: route.path, summary },
        params: (request.params as unknown as Record<string, unknown> | undefined) ?? {},
        changes,
        more,
      }).catch((error: unknown) =>
        logger().error('Could not keep an activity entry', { route: route.id, error }),
      );
    return toHttpResponse(result, acceptEncoding, produces);
  });
}

// The English messages alone: `z.locales` would bundle every language into each Lambda.
const english = en();

/** Zod's own messages name the field; messages our schemas set are already written for people. */
function defaultMessageWithPath(issue: Parameters<NonNullable<z.core.$ZodErrorMap>>[0]): string | undefined {
  const base = english.localeError(issue);
  const message = typeof base === 'string' ? base : base?.message;
  return issue.path?.length ? `${issue.path.join('.')}: ${message}` : message;
}

/** A body's refusals also name their fields, for a form to show beside each; a query's or path's do not. */
function parse(schema: z.ZodType | undefined, value: unknown, part?: 'body'): unknown {
  if (!schema) return value;
  const parsed = schema.safeParse(value, { error: defaultMessageWithPath });
  if (parsed.success) return parsed.data;
  const { issues } = parsed.error;
  throw new InvalidInputError(
    issues.map((issue) => issue.message).join('; '),
    part === 'body' ? { fields: issueFields(issues) } : {},
  );
}

/** Each field's first message, without the field prefix the joined message has. */
function issueFields(issues: readonly z.core.$ZodIssue[]): Record<string, string> | undefined {
  const fields: Record<string, string> = {};
  for (const { path, message } of issues) {
    const field = path.join('.');
    if (field === '' || field in fields) continue;
    fields[field] = message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message;
  }
  return Object.keys(fields).length > 0 ? fields : undefined;
}
