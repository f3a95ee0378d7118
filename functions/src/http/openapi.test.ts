import { contract, type RouteContract } from '@cmp/shared';
import { describe, expect, it } from 'vitest';
import { openApiDocument, operationIdOf } from './openapi';

interface Operation {
  operationId: string;
  security?: unknown[];
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { required?: boolean; content: Record<string, { schema: unknown }> };
  responses: Record<
    string,
    { content: Record<string, { schema: { properties?: Record<string, unknown> } }> }
  >;
}

const document = openApiDocument();
const routes = Object.entries(contract) as [string, RouteContract][];
const operationOf = (route: RouteContract) =>
  (document.paths[route.path] as Record<string, Operation> | undefined)?.[route.method.toLowerCase()];

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with a bearer token as the default security', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('Check My Price API');
    expect(document.security).toEqual([{ bearer: [] }]);
    expect(document.components?.securitySchemes?.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('is served from the web app’s own origin', () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });

  it('has every contract route, and nothing else, under its path and method', () => {
    const operations = Object.values(document.paths).flatMap((item) =>
      Object.values(item as Record<string, Operation>).map((op) => op.operationId),
    );
    expect(operations.sort()).toEqual(routes.map(([id]) => operationIdOf(id)).sort());
    for (const [id, route] of routes) expect(operationOf(route)?.operationId).toBe(operationIdOf(id));
  });

  it('names each operation by a unique camelCase identifier made from its route id', () => {
    const ids = routes.map(([id]) => operationIdOf(id));
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]*$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operationIdOf('GET /api/products')).toBe('getProducts');
    expect(operationIdOf('PATCH /api/products/{id}/toggle-hidden')).toBe('patchProductsByIdToggleHidden');
    expect(operationIdOf('GET /api/competitor-urls/product/{productId}')).toBe(
      'getCompetitorUrlsProductByProductId',
    );
    expect(operationIdOf('GET /api/dashboard/export.csv')).toBe('getDashboardExportCsv');
  });

  it('marks public routes as needing no token', () => {
    expect(operationOf(contract['POST /api/auth/login'])?.security).toEqual([]);
    expect(operationOf(contract['GET /api/openapi.json'])?.security).toEqual([]);
    expect(operationOf(contract['GET /api/products'])?.security).toBeUndefined();
  });

  it('describes path and query parameters, JSON and multipart bodies', () => {
    expect(operationOf(contract['PUT /api/products/{id}'])?.parameters).toEqual([
      expect.objectContaining({ in: 'path', name: 'id', required: true }),
    ]);
    expect(operationOf(contract['GET /api/scraper/logs'])?.parameters).toEqual([
      expect.objectContaining({ in: 'query', name: 'limit' }),
    ]);
    expect(Object.keys(operationOf(contract['POST /api/products'])?.requestBody?.content ?? {})).toEqual([
      'application/json',
    ]);
    expect(
      Object.keys(operationOf(contract['POST /api/products/import'])?.requestBody?.content ?? {}),
    ).toEqual(['multipart/form-data', 'application/json']);
    // An empty body counts as {}: required only where {} is refused.
    expect(operationOf(contract['POST /api/products'])?.requestBody?.required).toBe(true);
    expect(operationOf(contract['POST /api/products/import'])?.requestBody?.required).toBe(true);
    expect(operationOf(contract['POST /api/scraper/run'])?.requestBody?.required).toBe(false);
    for (const [, route] of routes) {
      const parameters = operationOf(route)?.parameters ?? [];
      const pathNames = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(parameters.filter((p) => p.in === 'path').map((p) => p.name)).toEqual(pathNames);
    }
  });

  it('lists each route’s answers by status, with their fields', () => {
    for (const [, route] of routes) {
      expect(Object.keys(operationOf(route)?.responses ?? {}).sort()).toEqual(
        Object.keys(route.responses).sort(),
      );
    }
    const created = operationOf(contract['POST /api/products'])?.responses['201'];
    expect(Object.keys(created?.content['application/json']?.schema.properties ?? {})).toEqual([
      'success',
      'product',
    ]);
    const notFound = operationOf(contract['PUT /api/products/{id}'])?.responses['404'];
    expect(Object.keys(notFound?.content['application/json']?.schema.properties ?? {})).toEqual([
      'success',
      'error',
      'fields',
    ]);
  });

  it('describes a CSV download as text/csv (or JSON with a link past 5 MB), and its errors as JSON', () => {
    const csvRoutes = routes.filter(([, route]) => route.produces === 'text/csv').map(([id]) => id);
    const exported = operationOf(contract['GET /api/dashboard/export.csv']);

    expect(csvRoutes.sort()).toEqual([
      'GET /api/competitor-urls/export.csv',
      'GET /api/dashboard/export.csv',
      'GET /api/price-suggestions/export.csv',
      'GET /api/products/{id}/price-history.csv',
    ]);
    expect(exported?.responses['200']?.content).toEqual({
      'text/csv': { schema: expect.objectContaining({ type: 'string' }) },
      'application/json': {
        schema: expect.objectContaining({ required: ['success', 'download_url'] }),
      },
    });
    expect(Object.keys(exported?.responses['400']?.content ?? {})).toEqual(['application/json']);
    expect(exported?.parameters?.map((p) => p.name)).toEqual([
      'search',
      'status',
      'category_id',
      'show_hidden',
    ]);
  });
});
