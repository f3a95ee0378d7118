// The swr cache keys, each defined once: the route id the data comes from, plus its parameters. A key
// names one value shape: two screens reading the same key share its cached value (a page of the catalogue
// on the Products page and in a product choice), so a key is never reused for another shape.
export const keys = {
  /** A page of a big list (list-pages.ts): the route and its query as JSON, parameters in a fixed order. */
  listPage: (route: string, query: Readonly<Record<string, string>>) =>
    [route, JSON.stringify(query)] as const,
  categories: 'GET /api/categories',
  competitorUrl: (id: number) => ['GET /api/competitor-urls/{id}', id] as const,
  /** Several URLs' details fetched together, in this order (a product's price chart). */
  competitorUrlHistories: (ids: readonly number[]) => ['competitor URL histories', ids] as const,
  /** Our own price's changes (the price charts' line of our price). */
  ownPriceHistory: (productId: number) => ['GET /api/products/{id}/price-history', productId] as const,
  productCompetitorUrls: (productId: number) =>
    ['GET /api/competitor-urls/product/{productId}', productId] as const,
  /** The dashboard's stat cards and category filter, fetched together (the table's pages are list pages). */
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
  /** The activity log's first page for its filters (as JSON). */
  activity: (query: Readonly<Record<string, string>>) =>
    ['GET /api/activity', JSON.stringify(query)] as const,
  competitorHosts: 'GET /api/competitor-hosts',
  competitors: 'GET /api/competitors',
  pricingRules: 'GET /api/pricing-rules',
  comparisonSettings: 'GET /api/comparison-settings',
  exchangeRates: 'GET /api/exchange-rates',
  /** A preview of rules, saved or not: the rules as JSON. */
  pricingPreview: (rules: readonly unknown[]) =>
    ['POST /api/pricing-rules/preview', JSON.stringify(rules)] as const,
  /**
   * The suggestions of one dashboard page's products, in the page's order, and what they rest on in
   * the page's rows (their prices), so new rows (a run, an edit) ask again.
   */
  pageSuggestions: (productIds: readonly number[], basis: string) =>
    ['GET /api/price-suggestions', productIds, basis] as const,
  discovery: (competitorId: number) => ['GET /api/competitors/{id}/discovery', competitorId] as const,
} as const;
