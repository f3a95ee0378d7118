import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { matchRoute, routeGroups, routeKey, routes } from './routes';

describe('the route table', () => {
  it('has one entry per method and path, all under /api/', () => {
    const keys = routes.map(routeKey);

    expect(new Set(keys).size).toBe(keys.length);
    for (const route of routes) expect(route.path).toMatch(/^\/api\//);
  });

  it('puts every route in a group whose handler module exists', () => {
    for (const route of routes) {
      const entry = routeGroups[route.group].entry;
      expect(existsSync(fileURLToPath(new URL(`../../${entry}`, import.meta.url)))).toBe(true);
    }
  });
});

describe('matchRoute', () => {
  it('finds a route by method and path', () => {
    expect(matchRoute('POST', '/api/auth/login')?.route).toEqual(expect.objectContaining({ group: 'auth' }));
  });

  it('prefers a literal path to a {parameter}, as API Gateway does, whatever the order of the table', () => {
    expect(matchRoute('GET', '/api/competitor-urls/export.csv')?.route.id).toBe(
      'GET /api/competitor-urls/export.csv',
    );
    expect(matchRoute('GET', '/api/competitor-urls/12')).toEqual({
      route: expect.objectContaining({ id: 'GET /api/competitor-urls/{id}' }),
      pathParameters: { id: '12' },
    });
  });

  it('does not match another method or an unknown path', () => {
    expect(matchRoute('GET', '/api/auth/login')).toBeUndefined();
    expect(matchRoute('POST', '/api/auth/login/extra')).toBeUndefined();
  });
});
