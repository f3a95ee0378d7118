import { contract, csvFileSchema, csvTextSchema, downloadLinkSchema, type RouteContract } from '@cmp/shared';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';

const STATUS_TEXT: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  400: 'The body, query or path fails its schema: the messages, joined with "; "',
  401: 'No valid session: sign in with POST /api/auth/login',
  404: 'Not found',
  406: 'Too large to send uncompressed: ask with Accept-Encoding: gzip',
  409: 'Conflicts with what is stored, or with a running price check',
  413: 'The file is too large',
  415: 'Wrong Content-Type',
  429: 'Too many attempts: retry after the Retry-After header',
  500: 'Internal server error',
};

const contentType = (route: RouteContract, status: number) =>
  route.produces && status < 300 ? route.produces : 'application/json';

/**
 * The operationId of a route: its route id as a camelCase identifier, the method then each path
 * segment after `/api`, a `{parameter}` read as `By<Parameter>`, so generated clients can name a
 * function or type after it (OpenAPI tools refuse spaces, slashes and braces there).
 * @example operationIdOf('GET /api/products/{id}/price-history.csv') // 'getProductsByIdPriceHistoryCsv'
 */
export function operationIdOf(routeId: string): string {
  const [method = '', path = ''] = routeId.split(' ');
  const words = path
    .replace(/^\/api\//, '')
    .split('/')
    .flatMap((segment) => {
      const parameter = /^\{(\w+)\}$/.exec(segment)?.[1];
      return parameter ? ['by', parameter] : segment.split(/[^A-Za-z0-9]+/);
    })
    .filter((word) => word !== '');
  return method.toLowerCase() + words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}

function operation(id: string, route: RouteContract): ZodOpenApiOperationObject {
  const { params, query, body, multipart, jsonInstead } = route.request;
  return {
    operationId: operationIdOf(id),
    summary: route.summary,
    // Public routes need no token; the document's default is the bearer token.
    ...(route.public ? { security: [] } : {}),
    requestParams: { ...(params ? { path: params } : {}), ...(query ? { query } : {}) },
    // An empty body counts as {}: the body is required where {} is refused (clients must then send one).
    ...(body
      ? {
          requestBody: {
            required: !body.safeParse({}).success,
            content: { 'application/json': { schema: body } },
          },
        }
      : {}),
    ...(multipart
      ? {
          requestBody: {
            required: true,
            content: {
              'multipart/form-data': { schema: multipart },
              ...(jsonInstead ? { 'application/json': { schema: jsonInstead } } : {}),
            },
          },
        }
      : {}),
    responses: Object.fromEntries(
      Object.entries(route.responses).map(([status, schema]) => [
        status,
        {
          description: STATUS_TEXT[status] ?? status,
          // A CSV route's success is the file, or a link to it past 5 MB; its errors are JSON like every other.
          content:
            schema === csvFileSchema
              ? { 'text/csv': { schema: csvTextSchema }, 'application/json': { schema: downloadLinkSchema } }
              : { [contentType(route, Number(status))]: { schema } },
        },
      ]),
    ),
  };
}

/** The OpenAPI 3.1 document of the whole API, built from the contract (shared/src/contract/). */
export function openApiDocument() {
  const paths: ZodOpenApiPathsObject = {};
  const routeIdOf = new Map<string, string>();
  for (const [id, route] of Object.entries(contract) as [string, RouteContract][]) {
    const operationId = operationIdOf(id);
    const taken = routeIdOf.get(operationId);
    if (taken) throw new Error(`${id} and ${taken} would share the operationId ${operationId}`);
    routeIdOf.set(operationId, id);
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operation(id, route) };
  }
  const document = createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Check My Price API',
      version: '1',
      description:
        'Every answer is JSON, except the CSV downloads (text/csv); a failure is { "success": false, "error": "<text for people>" }.',
    },
    // Same origin as the web app (CloudFront on AWS, the local server with `npm start`): paths start with /api.
    servers: [{ url: '/', description: 'The address the web app is served from' }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    security: [{ bearer: [] }],
    paths,
  });
  // Plain objects (the library's types are interfaces), so the document checks as the contract's answer.
  return { ...document, paths: { ...document.paths } };
}
