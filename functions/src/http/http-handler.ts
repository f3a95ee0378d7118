/**
 * The HTTP stack every route group shares: API Gateway v2 event → normalise headers → refuse
 * requests that bypassed CloudFront and find the client's address → route →
 * authenticate (unless the route table marks the route public) → parse the JSON body → validate
 * body, query and path with zod → handler → JSON response; errors are mapped in one place.
 */
import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import httpRouterHandler from '@middy/http-router';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type * as z from 'zod';
import en from 'zod/v4/locales/en.js';
import type { AuthContext } from '../auth/authenticate';
import { InvalidInputError, NotFoundError, UnauthenticatedError } from '../domain/errors';
import type { ApiContext } from './api-context';
import { cachedResponse } from './catalogue-cache';
import { requireSession } from './middleware/authenticate.middleware';
import { errorResponse } from './middleware/error-response.middleware';
import { jsonBody } from './middleware/json-body.middleware';
import { requireOrigin } from './middleware/origin-verify.middleware';
import { requestLog } from './middleware/request-log.middleware';
import { type ApiResult, toHttpResponse } from './response';
import { type RouteGroup, type RouteKeyOf, routeKey, routes } from './routes';

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

interface Schemas<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType> {
  body?: B;
  query?: Q;
  params?: P;
  /** 'catalogue': the answer is kept until the catalogue changes (see catalogue-cache.ts). */
  cache?: 'catalogue';
}

export interface RouteHandler {
  readonly schemas: Schemas<z.ZodType, z.ZodType, z.ZodType>;
  run(request: ApiRequest<unknown, unknown, unknown>): Promise<ApiResult>;
}

/** Declares a route handler with the schemas its input must satisfy. */
export function defineRoute<
  B extends z.ZodType = z.ZodUnknown,
  Q extends z.ZodType = z.ZodUnknown,
  P extends z.ZodType = z.ZodUnknown,
>(
  schemas: Schemas<B, Q, P>,
  run: (request: ApiRequest<z.output<B>, z.output<Q>, z.output<P>>) => Promise<ApiResult>,
): RouteHandler {
  return { schemas, run: run as RouteHandler['run'] };
}

/** The signed-in session of a protected route. */
export function sessionOf(request: ApiRequest<unknown, unknown, unknown>): AuthContext {
  if (!request.auth) throw new UnauthenticatedError();
  return request.auth;
}

/**
 * The Lambda handler of one route group. `handlers` must name exactly the group's routes of the
 * route table, so a route cannot exist without its handler or the other way round.
 */
export function groupHandler<G extends RouteGroup>(
  group: G,
  handlers: { [K in RouteKeyOf<G>]: RouteHandler },
) {
  const table = handlers as Record<string, RouteHandler>;
  const groupRoutes = routes
    .filter((route) => route.group === group)
    .map((route) => {
      const handler = table[routeKey(route)];
      if (!handler) throw new Error(`No handler for ${routeKey(route)}`);
      return {
        method: route.method,
        path: route.path,
        handler: routeChain(routeKey(route), handler, 'public' in route && route.public === true),
      };
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

function routeChain(key: string, handler: RouteHandler, isPublic: boolean) {
  const chain = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, ApiContext>();
  if (!isPublic) chain.use(requireSession());
  if (handler.schemas.body) chain.use(jsonBody());
  return chain.handler(async (event, context) => {
    const { schemas } = handler;
    const request: ApiRequest<unknown, unknown, unknown> = {
      body: parse(schemas.body, context.body),
      query: parse(schemas.query, event.queryStringParameters ?? {}),
      params: parse(schemas.params, event.pathParameters ?? {}),
      auth: context.auth ?? null,
      headers: event.headers,
      rawBody: Buffer.from(event.body ?? '', event.isBase64Encoded ? 'base64' : 'utf8'),
      sourceIp: context.clientAddress ?? event.requestContext.http.sourceIp,
      requestId: event.requestContext.requestId,
    };
    const acceptEncoding = event.headers['accept-encoding'];
    if (handler.schemas.cache === 'catalogue')
      return cachedResponse(key, acceptEncoding, () => handler.run(request));
    return toHttpResponse(await handler.run(request), acceptEncoding);
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

function parse(schema: z.ZodType | undefined, value: unknown): unknown {
  if (!schema) return value;
  const parsed = schema.safeParse(value, { error: defaultMessageWithPath });
  if (parsed.success) return parsed.data;
  throw new InvalidInputError(parsed.error.issues.map((issue) => issue.message).join('; '));
}
