// The swr cache keys, each defined once: the route id the data comes from, plus its parameters. A key
// names one value shape: two screens reading the same key share its cached value (the catalogue on the
// Products and Competitors pages), so a key is never reused for another shape.
export const keys = {
  products: 'GET /api/products',
  categories: 'GET /api/categories',
  competitorUrls: 'GET /api/competitor-urls',
  competitorUrl: (id: number) => ['GET /api/competitor-urls/{id}', id] as const,
  /** Several URLs' details fetched together, in this order (a product's price chart). */
  competitorUrlHistories: (ids: readonly number[]) => ['competitor URL histories', ids] as const,
  productCompetitorUrls: (productId: number) =>
    ['GET /api/competitor-urls/product/{productId}', productId] as const,
  /** The dashboard's first view: overview, products and categories fetched together. */
  priceOverview: 'dashboard price overview',
  aiAnalysis: (productId: number) => ['GET /api/dashboard/products/{id}/ai-analysis', productId] as const,
  scraperStatus: 'GET /api/scraper/status',
  scraperLogs: (limit: number) => ['GET /api/scraper/logs', limit] as const,
  scraperStats: 'GET /api/scraper/stats',
  scraperSchedule: 'GET /api/scraper/schedule',
  /** The latest alerts: limit, kind ('' for every kind) and product id (0 for every product). */
  alerts: (limit: number, kind: string, productId: number) =>
    ['GET /api/alerts', limit, kind, productId] as const,
  alertsSinceLastRun: 'GET /api/alerts/since-last-run',
  alertSettings: 'GET /api/alert-settings',
  users: 'GET /api/users',
} as const;
