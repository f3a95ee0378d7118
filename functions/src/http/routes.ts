import { contract, type HttpMethod, type RouteId } from '@cmp/shared';

/**
 * The route table: the contract's routes (shared/src/contract/: method, path, public, schemas)
 * with the deployment facts CDK and the local server need, keyed by route id. CDK creates one
 * Lambda per route group and one API Gateway route per entry from it; the local server mounts the
 * same table. A new route is its entry in the contract, its group here, and its handler in the
 * group's `*.api.ts` module (the compiler insists on all three).
 */
export type { HttpMethod, RouteId };

export interface RouteDef {
  readonly id: RouteId;
  readonly method: HttpMethod;
  /** API Gateway path syntax: `/api/products/{id}`. */
  readonly path: string;
  readonly group: RouteGroup;
  /** Public routes answer without a token; every other route requires a valid session. */
  readonly public: boolean;
}

/**
 * Route groups, each deployed as one Lambda. `needs` lists what the group's code touches, so CDK
 * grants exactly that and nothing more. Every group needs `originVerify`: the shared HTTP stack
 * refuses requests that bypassed CloudFront and reads the client's address (client-address.ts).
 */
export const routeGroups = {
  auth: { entry: 'src/api/auth.api.ts', needs: ['table', 'tokenSecret', 'originVerify'] },
  // An import's upload queues its job on the app's bus (runEvents); a large file comes through the
  // data bucket (uploadFiles), a large export goes by a link (exportFiles).
  products: {
    entry: 'src/api/products.api.ts',
    needs: ['table', 'tokenSecret', 'originVerify', 'runEvents', 'uploadFiles', 'exportFiles'],
  },
  categories: { entry: 'src/api/categories.api.ts', needs: ['table', 'tokenSecret', 'originVerify'] },
  'competitor-urls': {
    entry: 'src/api/competitor-urls.api.ts',
    needs: ['table', 'tokenSecret', 'originVerify', 'runEvents', 'uploadFiles', 'exportFiles'],
  },
  // Read-only: its Lambda cannot write to the table (only its large exports, to the data bucket).
  dashboard: {
    entry: 'src/api/dashboard.api.ts',
    needs: ['tableRead', 'tokenSecret', 'originVerify', 'exportFiles'],
  },
  // 'Send test' sends through SES; the settings page reads each channel's last delivery in one batch.
  alerts: {
    entry: 'src/api/alerts.api.ts',
    needs: ['table', 'tableBatchRead', 'tokenSecret', 'originVerify', 'ses'],
  },
  // The hosts' settings; a proxy's password is a secret of its own (proxySecrets).
  'competitor-hosts': {
    entry: 'src/api/competitor-hosts.api.ts',
    needs: ['table', 'tokenSecret', 'originVerify', 'proxySecrets'],
  },
  // Competitors and (issue 32) the discovery of their products.
  // Starts discovery jobs (discoveryMachine).
  competitors: {
    entry: 'src/api/competitors.api.ts',
    needs: ['table', 'tokenSecret', 'originVerify', 'discoveryMachine'],
  },
  // The pricing rules (issue 33): settings, not catalogue items, so their writes leave the lists' caches be.
  pricing: { entry: 'src/api/pricing.api.ts', needs: ['table', 'tokenSecret', 'originVerify'] },
  // Admins managing users: its own Lambda, so the public sign-in Lambda carries none of it (decision 48).
  users: { entry: 'src/api/users.api.ts', needs: ['table', 'tokenSecret', 'originVerify'] },
  scraper: {
    entry: 'src/api/scraper.api.ts',
    // Stopping a run (or taking over a dead run's lock) ends it: runEvents announces that.
    // scheduleRule: admins set the schedule in the app (decision 55).
    needs: ['table', 'tokenSecret', 'originVerify', 'stateMachine', 'runEvents', 'scheduleRule'],
  },
} as const satisfies Record<string, RouteGroupDef>;

export interface RouteGroupDef {
  /** Handler module relative to the functions workspace; it exports `handler`. */
  readonly entry: string;
  /**
   * `table` reads and writes items; `tableRead` only reads them; `tableBatchRead` adds BatchGetItem;
   * `runEvents` publishes a run's end; `ses` sends alert e-mail; `scheduleRule` reads and changes the
   * schedule's EventBridge rule; `exportFiles` writes large exports to the data bucket and links
   * them; `uploadFiles` hands out forms for large imports and reads what they sent; `proxySecrets`
   * keeps the competitor hosts' proxy passwords in Secrets Manager; `discoveryMachine` starts
   * discovery jobs (infra/lib/bind-needs.ts).
   */
  readonly needs: readonly (
    | 'table'
    | 'tableRead'
    | 'tableBatchRead'
    | 'tokenSecret'
    | 'originVerify'
    | 'stateMachine'
    | 'discoveryMachine'
    | 'bedrock'
    | 'runEvents'
    | 'ses'
    | 'scheduleRule'
    | 'exportFiles'
    | 'uploadFiles'
    | 'proxySecrets'
  )[];
}

export type RouteGroup = keyof typeof routeGroups;

/** The group (one Lambda) that answers each route. */
const groupOf = {
  'POST /api/auth/login': 'auth',
  'GET /api/auth/status': 'auth',
  'POST /api/auth/logout': 'auth',
  'GET /api/openapi.json': 'auth',

  'GET /api/products': 'products',
  'POST /api/products': 'products',
  'POST /api/products/import': 'products',
  'POST /api/products/import/preview': 'products',
  'PUT /api/products/{id}': 'products',
  'DELETE /api/products/{id}': 'products',
  'PATCH /api/products/{id}/toggle-hidden': 'products',
  'GET /api/products/{id}/price-history.csv': 'products',
  // Either import's job: the products group reads them for both.
  'GET /api/imports/{id}': 'products',
  'POST /api/imports/uploads': 'products',

  'GET /api/categories': 'categories',
  'POST /api/categories': 'categories',
  'PUT /api/categories/{id}': 'categories',
  'DELETE /api/categories/{id}': 'categories',

  'GET /api/competitor-urls': 'competitor-urls',
  'POST /api/competitor-urls/{id}/accept-price': 'competitor-urls',
  'POST /api/competitor-urls/{id}/reject-price': 'competitor-urls',
  'GET /api/competitor-urls/{id}/price-candidates': 'competitor-urls',
  'PUT /api/competitor-urls/{id}/price-pin': 'competitor-urls',
  'DELETE /api/competitor-urls/{id}/price-pin': 'competitor-urls',
  // Starts an execution: the scraper group is the one allowed to.
  'POST /api/competitor-urls/{id}/check': 'scraper',
  'POST /api/competitor-urls': 'competitor-urls',
  'POST /api/competitor-urls/import': 'competitor-urls',
  'GET /api/competitor-urls/product/{productId}': 'competitor-urls',
  'GET /api/competitor-urls/{id}': 'competitor-urls',
  // After `{id}` on purpose: the literal path wins wherever it is listed (matchRoute).
  'GET /api/competitor-urls/export.csv': 'competitor-urls',
  'PUT /api/competitor-urls/{id}': 'competitor-urls',
  'DELETE /api/competitor-urls/{id}': 'competitor-urls',

  'GET /api/competitor-hosts': 'competitor-hosts',
  'PUT /api/competitor-hosts/{host}': 'competitor-hosts',

  'GET /api/competitors': 'competitors',
  'POST /api/competitors': 'competitors',
  'PUT /api/competitors/{id}': 'competitors',
  'DELETE /api/competitors/{id}': 'competitors',
  'POST /api/competitors/{id}/discover': 'competitors',
  'GET /api/competitors/{id}/discovery': 'competitors',
  'GET /api/discovery-settings': 'competitors',
  'PUT /api/discovery-settings': 'competitors',
  'GET /api/comparison-settings': 'pricing',
  'PUT /api/comparison-settings': 'pricing',
  'GET /api/exchange-rates': 'pricing',
  'PUT /api/exchange-rates': 'pricing',
  'GET /api/pricing-rules': 'pricing',
  'PUT /api/pricing-rules': 'pricing',
  'POST /api/pricing-rules/preview': 'dashboard',
  'GET /api/price-suggestions': 'dashboard',
  'GET /api/price-suggestions/export.csv': 'dashboard',
  'POST /api/price-suggestions/apply': 'products',
  'GET /api/products/{id}/price-history': 'products',
  'GET /api/match-suggestions': 'competitors',
  'POST /api/match-suggestions/{id}/accept': 'competitors',
  'POST /api/match-suggestions/{id}/reject': 'competitors',
  'POST /api/match-suggestions/accept': 'competitors',

  'GET /api/dashboard/overview': 'dashboard',
  'GET /api/dashboard/products': 'dashboard',
  'GET /api/dashboard/export.csv': 'dashboard',
  'GET /api/dashboard/products/{id}/ai-analysis': 'dashboard',

  'GET /api/scraper/status': 'scraper',
  'GET /api/scraper/logs': 'scraper',
  'GET /api/scraper/stats': 'scraper',
  'GET /api/scraper/schedule': 'scraper',
  'PUT /api/scraper/schedule': 'scraper',
  'POST /api/scraper/run': 'scraper',
  'POST /api/scraper/run/{productId}': 'scraper',
  'POST /api/scraper/stop': 'scraper',

  'GET /api/alert-settings': 'alerts',
  'PUT /api/alert-settings': 'alerts',
  'POST /api/alert-settings/channels/{id}/test': 'alerts',
  'GET /api/alerts': 'alerts',
  'GET /api/alerts/since-last-run': 'alerts',

  'GET /api/activity': 'users',
  'GET /api/users': 'users',
  'POST /api/users': 'users',
  'PATCH /api/users/{id}': 'users',
} as const satisfies Record<RouteId, RouteGroup>;

export const routes: readonly RouteDef[] = (Object.keys(groupOf) as RouteId[]).map((id) => {
  const route = contract[id];
  return { id, method: route.method, path: route.path, group: groupOf[id], public: 'public' in route };
});

export type Route = RouteDef;
/** The ids of a group's routes. */
export type RouteKeyOf<G extends RouteGroup> = {
  [K in RouteId]: (typeof groupOf)[K] extends G ? K : never;
}[RouteId];

export const routeKey = (route: Pick<RouteDef, 'method' | 'path'>): string => `${route.method} ${route.path}`;

/**
 * Finds the route for a request path, with its path parameters (the local server's API Gateway).
 * As on API Gateway, a literal segment wins over a `{parameter}`: `/api/competitor-urls/export.csv`
 * is not competitor URL `export.csv`, whatever the table's order.
 */
export function matchRoute(
  method: string,
  path: string,
): { route: Route; pathParameters: Record<string, string> } | undefined {
  let best: { route: Route; pathParameters: Record<string, string> } | undefined;
  for (const route of routes) {
    if (route.method !== method) continue;
    const params = matchPath(route.path, path);
    if (params && (!best || Object.keys(params).length < Object.keys(best.pathParameters).length))
      best = { route, pathParameters: params };
  }
  return best;
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
