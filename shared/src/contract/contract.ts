import { alertRoutes } from './alerts';
import { authRoutes } from './auth';
import { categoryRoutes } from './categories';
import { competitorHostRoutes } from './competitor-hosts';
import { competitorUrlRoutes } from './competitor-urls';
import { competitorRoutes } from './competitors';
import { dashboardRoutes } from './dashboard';
import { importRoutes } from './imports';
import { matchSuggestionRoutes } from './match-suggestions';
import { metaRoutes } from './meta';
import { pricingRoutes } from './pricing';
import { productRoutes } from './products';
import type { RouteContract } from './route';
import { scraperRoutes } from './scraper';
import { userRoutes } from './users';

/**
 * The API contract: every route by its id (`'GET /api/products'`) with its method, path, whether it
 * is public, and the schemas of what it accepts and answers. Handlers are typed from it
 * (functions/src/http/http-handler.ts), the integration tests check every answer against it, and
 * the OpenAPI document is generated from it.
 */
export const contract = {
  ...authRoutes,
  ...productRoutes,
  ...categoryRoutes,
  ...competitorUrlRoutes,
  ...competitorHostRoutes,
  ...competitorRoutes,
  ...matchSuggestionRoutes,
  ...importRoutes,
  ...dashboardRoutes,
  ...pricingRoutes,
  ...scraperRoutes,
  ...alertRoutes,
  ...userRoutes,
  ...metaRoutes,
} satisfies Record<string, RouteContract>;

export type Contract = typeof contract;
export type RouteId = keyof Contract;
