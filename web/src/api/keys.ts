// The swr cache keys, each defined once. A key names one value shape: two screens reading the same key
// share its cached value (the catalogue on the Products and Competitors pages), so a key must never be
// reused for another shape. Where a key is a GET path, the fetcher requests that path.
export const keys = {
  products: '/products',
  categories: '/categories',
  competitorUrls: '/competitor-urls',
  competitorUrl: (id: number) => `/competitor-urls/${id}`,
  productCompetitorUrls: (productId: number) => `/competitor-urls/product/${productId}`,
  /** The dashboard's first view: overview, products and categories fetched together. */
  priceOverview: 'dashboard/price-overview',
  aiAnalysis: (productId: number) => `/dashboard/products/${productId}/ai-analysis`,
  scraperStatus: '/scraper/status',
  scraperLogs: (limit: number) => `/scraper/logs?limit=${limit}`,
  scraperStats: '/scraper/stats',
} as const;
