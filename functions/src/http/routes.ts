/**
 * The route table: the one list of API routes. CDK creates one Lambda per route group and one
 * API Gateway route per entry from it; the local server mounts the same table. A new route is one
 * line here plus its handler in the group's `*.api.ts` module (the compiler insists on it).
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDef {
  readonly method: HttpMethod;
  /** API Gateway path syntax: `/api/products/{id}`. */
  readonly path: string;
  readonly group: RouteGroup;
  /** Public routes answer without a token; every other route requires a valid session. */
  readonly public?: boolean;
}

/**
 * Route groups, each deployed as one Lambda. `needs` lists what the group's code touches, so CDK
 * grants exactly that and nothing more. Every group needs `originVerify`: the shared HTTP stack
 * refuses requests that bypassed CloudFront and reads the client's address (client-address.ts).
 */
export const routeGroups = {
  auth: { entry: 'src/api/auth.api.ts', needs: ['table', 'tokenSecret', 'originVerify'] },
  products: { entry: 'src/api/products.api.ts', needs: ['table', 'tokenSecret', 'originVerify'] },
  categories: { entry: 'src/api/categories.api.ts', needs: ['table', 'tokenSecret', 'originVerify'] },
  'competitor-urls': {
    entry: 'src/api/competitor-urls.api.ts',
    needs: ['table', 'tokenSecret', 'originVerify'],
  },
  // Read-only: its Lambda cannot write to the table.
  dashboard: { entry: 'src/api/dashboard.api.ts', needs: ['tableRead', 'tokenSecret', 'originVerify'] },
  scraper: {
    entry: 'src/api/scraper.api.ts',
    needs: ['table', 'tokenSecret', 'originVerify', 'stateMachine'],
  },
} as const satisfies Record<string, RouteGroupDef>;

export interface RouteGroupDef {
  /** Handler module relative to the functions workspace; it exports `handler`. */
  readonly entry: string;
  /** `table` reads and writes items; `tableRead` only reads them (infra/lib/bind-needs.ts). */
  readonly needs: readonly (
    | 'table'
    | 'tableRead'
    | 'tokenSecret'
    | 'originVerify'
    | 'stateMachine'
    | 'bedrock'
  )[];
}

export type RouteGroup = keyof typeof routeGroups;

export const routes = [
  { method: 'POST', path: '/api/auth/login', group: 'auth', public: true },
  { method: 'GET', path: '/api/auth/status', group: 'auth', public: true },
  { method: 'POST', path: '/api/auth/logout', group: 'auth' },

  { method: 'GET', path: '/api/products', group: 'products' },
  { method: 'POST', path: '/api/products', group: 'products' },
  { method: 'POST', path: '/api/products/import', group: 'products' },
  { method: 'PUT', path: '/api/products/{id}', group: 'products' },
  { method: 'DELETE', path: '/api/products/{id}', group: 'products' },
  { method: 'PATCH', path: '/api/products/{id}/toggle-hidden', group: 'products' },

  { method: 'GET', path: '/api/categories', group: 'categories' },
  { method: 'POST', path: '/api/categories', group: 'categories' },
  { method: 'PUT', path: '/api/categories/{id}', group: 'categories' },
  { method: 'DELETE', path: '/api/categories/{id}', group: 'categories' },

  { method: 'GET', path: '/api/competitor-urls', group: 'competitor-urls' },
  { method: 'POST', path: '/api/competitor-urls', group: 'competitor-urls' },
  { method: 'POST', path: '/api/competitor-urls/import', group: 'competitor-urls' },
  { method: 'GET', path: '/api/competitor-urls/product/{productId}', group: 'competitor-urls' },
  { method: 'GET', path: '/api/competitor-urls/{id}', group: 'competitor-urls' },
  { method: 'PUT', path: '/api/competitor-urls/{id}', group: 'competitor-urls' },
  { method: 'DELETE', path: '/api/competitor-urls/{id}', group: 'competitor-urls' },

  { method: 'GET', path: '/api/dashboard/overview', group: 'dashboard' },
  { method: 'GET', path: '/api/dashboard/products', group: 'dashboard' },
  { method: 'GET', path: '/api/dashboard/products/{id}/ai-analysis', group: 'dashboard' },

  { method: 'GET', path: '/api/scraper/status', group: 'scraper' },
  { method: 'GET', path: '/api/scraper/logs', group: 'scraper' },
  { method: 'GET', path: '/api/scraper/stats', group: 'scraper' },
  { method: 'POST', path: '/api/scraper/run', group: 'scraper' },
  { method: 'POST', path: '/api/scraper/run/{productId}', group: 'scraper' },
  { method: 'POST', path: '/api/scraper/stop', group: 'scraper' },
] as const satisfies readonly RouteDef[];

export type Route = (typeof routes)[number];
/** `METHOD /path` of each route (distributed over the union, so methods and paths never mix). */
export type RouteKey<R extends RouteDef = Route> = R extends RouteDef ? `${R['method']} ${R['path']}` : never;
export type RouteKeyOf<G extends RouteGroup> = RouteKey<Extract<Route, { group: G }>>;

export const routeKey = (route: RouteDef): string => `${route.method} ${route.path}`;

/** Finds the route for a request path, with its path parameters (the local server's API Gateway). */
export function matchRoute(
  method: string,
  path: string,
): { route: Route; pathParameters: Record<string, string> } | undefined {
  for (const route of routes) {
    if (route.method !== method) continue;
    const params = matchPath(route.path, path);
    if (params) return { route, pathParameters: params };
  }
  return undefined;
}

function matchPath(template: string, path: string): Record<string, string> | undefined {
  const want = template.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    const actual = got[i] ?? '';
    if (part.startsWith('{') && part.endsWith('}')) {
      if (!actual) return undefined;
      params[part.slice(1, -1)] = decodeURIComponent(actual);
    } else if (part !== actual) {
      return undefined;
    }
  }
  return params;
}
