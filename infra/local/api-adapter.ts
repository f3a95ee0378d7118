import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { matchRoute, type RouteGroup, routeGroups } from '@cmp/functions/http/routes';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { lambdaContext } from './lambda-context';

/** How long API Gateway waits for a function's answer. */
const API_GATEWAY_SECONDS = 29;

/** API Gateway's own request-size limit. */
export const MAX_REQUEST_BYTES = 10 * 1024 * 1024;

type LambdaHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;
export type GroupHandlers = Record<RouteGroup, LambdaHandler>;

/**
 * Imports a Lambda handler module of the functions workspace. Call it after provideSettings: the
 * entry keeps the settings provided before it loads (functions/src/config.ts).
 */
// biome-ignore lint/suspicious/noExplicitAny: each handler has its own event type
export async function loadHandler(entry: string): Promise<(event: any, context: Context) => Promise<any>> {
  const url = new URL(`../../functions/${entry}`, import.meta.url).href;
  return ((await import(/* @vite-ignore */ url)) as { handler: LambdaHandler }).handler;
}

/** Imports each route group's Lambda handler, as deployed. */
export async function loadGroupHandlers(): Promise<GroupHandlers> {
  const entries = await Promise.all(
    Object.entries(routeGroups).map(async ([group, { entry }]) => [group, await loadHandler(entry)] as const),
  );
  return Object.fromEntries(entries) as GroupHandlers;
}

/** Text bodies reach Lambda as they are; anything else base64-encoded, as API Gateway does. */
const TEXT_TYPES = /^(text\/|application\/(json|[\w.+-]+\+json|xml|x-www-form-urlencoded|javascript))/i;

/**
 * The local API Gateway: matches the request against the route table, turns it into an HTTP API
 * v2 (payload 2.0) event for the route's group handler, and writes the handler's result back.
 */
export async function handleApiRequest(req: IncomingMessage, res: ServerResponse, handlers: GroupHandlers) {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const method = req.method ?? 'GET';
  const match = matchRoute(method, url.pathname);
  if (!match) return sendJson(res, 404, { success: false, error: 'Not found' });

  const body = await readBody(req);
  if (body === 'too-large')
    return sendJson(res, 413, { success: false, error: 'Request body larger than 10 MB' });

  const event = toEvent(req, url, body, match);
  // API Gateway answers 504 after 29 s, whatever the function's own limit.
  const context = lambdaContext(match.route.group, API_GATEWAY_SECONDS, event.requestContext.requestId);
  const result = await handlers[match.route.group](event, context);
  writeResult(res, result);
}

function toEvent(
  req: IncomingMessage,
  url: URL,
  body: Buffer,
  match: NonNullable<ReturnType<typeof matchRoute>>,
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const key of new Set(url.searchParams.keys())) query[key] = url.searchParams.getAll(key).join(',');
  const isText = body.length === 0 || TEXT_TYPES.test(headers['content-type'] ?? '');
  const routeKey = `${match.route.method} ${match.route.path}`;
  const now = new Date();
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    cookies: headers.cookie?.split(/;\s*/),
    headers,
    queryStringParameters: Object.keys(query).length > 0 ? query : undefined,
    pathParameters: Object.keys(match.pathParameters).length > 0 ? match.pathParameters : undefined,
    body: body.length === 0 ? undefined : isText ? body.toString('utf8') : body.toString('base64'),
    isBase64Encoded: !isText,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: match.route.method,
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
  };
}

function writeResult(res: ServerResponse, result: APIGatewayProxyStructuredResultV2) {
  const body = result.body
    ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8')
    : Buffer.alloc(0);
  res.statusCode = result.statusCode ?? 200;
  for (const [name, value] of Object.entries(result.headers ?? {})) res.setHeader(name, String(value));
  if (result.cookies?.length) res.setHeader('set-cookie', result.cookies);
  res.setHeader('content-length', body.length);
  res.end(body);
}

function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REQUEST_BYTES) {
        // Stop buffering but drain the rest so the client can read the 413.
        req.removeAllListeners('data');
        req.resume();
        resolve('too-large');
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export function sendJson(res: ServerResponse, status: number, body: unknown) {
  const json = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
    'cache-control': 'no-store',
  });
  res.end(json);
}
