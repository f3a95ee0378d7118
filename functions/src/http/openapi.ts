import { contract, type RouteContract } from '@cmp/shared';
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

function operation(id: string, route: RouteContract): ZodOpenApiOperationObject {
  const { params, query, body, multipart } = route.request;
  return {
    operationId: id,
    summary: route.summary,
    // Public routes need no token; the document's default is the bearer token.
    ...(route.public ? { security: [] } : {}),
    requestParams: { ...(params ? { path: params } : {}), ...(query ? { query } : {}) },
    ...(body ? { requestBody: { content: { 'application/json': { schema: body } } } } : {}),
    ...(multipart ? { requestBody: { content: { 'multipart/form-data': { schema: multipart } } } } : {}),
    responses: Object.fromEntries(
      Object.entries(route.responses).map(([status, schema]) => [
        status,
        {
          description: STATUS_TEXT[status] ?? status,
          // A CSV route's success is the file; its errors are JSON like every other.
          content: { [contentType(route, Number(status))]: { schema } },
        },
      ]),
    ),
  };
}

/** The OpenAPI 3.1 document of the whole API, built from the contract (shared/src/contract/). */
export function openApiDocument() {
  const paths: ZodOpenApiPathsObject = {};
  for (const [id, route] of Object.entries(contract) as [string, RouteContract][]) {
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
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    security: [{ bearer: [] }],
    paths,
  });
  // Plain objects (the library's types are interfaces), so the document checks as the contract's answer.
  return { ...document, paths: { ...document.paths } };
}
