// How the dashboard's first-view loads combine (docs/screens.md#4-dashboard-price-overview-tab): they start
// together, but the table does not depend on the stat cards, so a failed overview only empties the cards.

/** The table's rows and the cards' figures; `stats` is null when the overview failed. */
export interface FirstView<Stats, Products> {
  stats: Stats | null;
  products: Products;
  /** Why the overview failed, for 'Failed to fetch overview stats'; null when it loaded. */
  overviewError: unknown;
}

/**
 * Combines the settled overview and products loads. Throws the products failure (the page then shows
 * 'Failed to load dashboard data'); an overview failure alone is kept, so the table still shows.
 * @example settleFirstView(await Promise.allSettled([overview, products]))
 */
export function settleFirstView<Stats, Products>([overview, products]: readonly [
  PromiseSettledResult<Stats>,
  PromiseSettledResult<Products>,
]): FirstView<Stats, Products> {
  if (products.status === 'rejected') throw products.reason;
  return overview.status === 'fulfilled'
    ? { stats: overview.value, products: products.value, overviewError: null }
    : {
        stats: null,
        products: products.value,
        overviewError: overview.reason ?? new Error('Overview failed'),
      };
}
