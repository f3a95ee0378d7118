import {
  type AlertEvent,
  type AlertEventSettings,
  type AlertKind,
  type ComparisonStatus,
  type CompetitorPrice,
  isOutOfStock,
  type PriceComparison,
  statusOf,
  thresholdOf,
} from '@cmp/shared';

/**
 * Price-position events (docs/rules.md#21-alerts), pure: one product's position after a run against
 * what was last reported for it. Only accepted, counted prices in the shop's currency take part
 * (what the comparison uses, converted, with shipping when it adds it), so a check held for
 * review, failed or blocked never makes a price event. A state that persists is reported once: the kept state remembers what was reported.
 * Undercut and now_cheapest weigh only the offers one can buy: an out-of-stock offer never raises
 * either (it has its own event, cheapest_out_of_stock).
 */

/** What was last reported for a product: the position its next run is compared with. */
export interface AlertState {
  /** Our position against the cheapest offer in stock (or not saying): what undercut and now_cheapest follow. */
  status: ComparisonStatus;
  /** The lowest counted competitor when it was last seen. */
  lowest: { url_id: number; price: number; in_stock: boolean | null } | null;
  /** Matching the lowest competitor took our margin under the floor. */
  below_floor: boolean;
  /**
   * Each URL's reference price: the accepted price last reported as a change, or first seen. A
   * price drifting a little each day is reported once the drift adds up to the threshold.
   */
  prices: Record<string, number>;
  /** URLs reported as failing, until a check of theirs reads the page again. */
  failing: number[];
  /** The product's suggested price last reported, or first seen (absent until it had one). */
  suggested?: number;
}

export interface ProductPosition {
  product: { id: number; sku: string; name: string; current_price: number; cost: number | null };
  comparison: Pick<PriceComparison, 'status' | 'lowest_competitor_price' | 'competitor_prices'>;
  /** Its suggested price under the pricing rules now; null or absent without one. */
  suggested?: number | null;
}

/** Before a product's first run there is nothing to compare with: no data, nothing reported. */
export const NO_STATE: AlertState = {
  status: 'NO_DATA',
  lowest: null,
  below_floor: false,
  prices: {},
  failing: [],
};

/** The prices the comparison uses, each as the amount it compares (in the shop's currency; a total with shipping when set). */
const comparedPrices = (comparison: ProductPosition['comparison']): (CompetitorPrice & { price: number })[] =>
  comparison.competitor_prices.flatMap((c) =>
    c.compared_price === null ? [] : [{ ...c, price: c.compared_price }],
  );

/** The competitor the comparison chose: the lowest counted price (the first of equals, as comparePrices does). */
function lowestOf(comparison: ProductPosition['comparison']): (CompetitorPrice & { price: number }) | null {
  const lowest = comparison.lowest_competitor_price;
  if (lowest === null) return null;
  return comparedPrices(comparison).find((c) => c.price === lowest) ?? null;
}

/** In stock as the latest check saw it (isOutOfStock); null when the page did not say. */
const inStock = (competitor: CompetitorPrice): boolean | null =>
  isOutOfStock(competitor) ? false : competitor.in_stock;

/** The cheapest compared offer that is not out of stock (the first of equals). */
function buyableLowestOf(
  comparison: ProductPosition['comparison'],
): (CompetitorPrice & { price: number }) | null {
  let best: (CompetitorPrice & { price: number }) | null = null;
  for (const competitor of comparedPrices(comparison))
    if (inStock(competitor) !== false && (best === null || competitor.price < best.price)) best = competitor;
  return best;
}

/** Our margin, in percent of cost, if we sold at `price`. */
const marginPercent = (price: number, cost: number) => ((price - cost) / cost) * 100;

/**
 * The events of one product's run and the state to keep for its next one. Kinds switched off make
 * no events but the state still moves on, so switching one on later does not report the past.
 */
export function derivePositionAlerts(
  { product, comparison, suggested = null }: ProductPosition,
  previous: AlertState,
  settings: AlertEventSettings,
): { events: AlertEvent[]; state: AlertState } {
  const events: AlertEvent[] = [];
  const lowest = lowestOf(comparison);
  const emit = (
    kind: AlertKind,
    competitor: CompetitorPrice | null,
    previousPrice: number | null,
    extra: Pick<AlertEvent, 'suggested_price'> = {},
  ) => {
    if (!settings[kind].enabled) return;
    events.push({
      kind,
      product_id: product.id,
      sku: product.sku,
      product_name: product.name,
      our_price: product.current_price,
      competitor_url_id: competitor?.competitor_url_id ?? null,
      competitor_name: competitor?.competitor_name ?? null,
      competitor_url: competitor?.url ?? null,
      competitor_price: competitor?.price ?? null,
      previous_price: previousPrice,
      ...extra,
    });
  };

  const buyable = buyableLowestOf(comparison);
  const status = statusOf(product.current_price, buyable?.price ?? null);
  if (status === 'HIGHER' && previous.status !== 'HIGHER')
    emit('undercut', buyable, previous.lowest?.price ?? null);
  if ((status === 'LOWER' || status === 'SAME') && previous.status === 'HIGHER')
    emit('now_cheapest', buyable, previous.lowest?.price ?? null);

  const prices: Record<string, number> = {};
  const changeThreshold = thresholdOf(settings, 'competitor_price_change');
  for (const competitor of comparedPrices(comparison)) {
    const key = String(competitor.competitor_url_id);
    const reference = previous.prices[key];
    const moved =
      reference !== undefined && reference > 0 && (Math.abs(competitor.price - reference) / reference) * 100;
    if (moved !== false && moved >= changeThreshold - 1e-9) {
      emit('competitor_price_change', competitor, reference ?? null);
      prices[key] = competitor.price;
    } else prices[key] = reference ?? competitor.price;
  }

  const lowestInStock = lowest === null ? null : inStock(lowest);
  const wasOutOfStock =
    previous.lowest?.url_id === lowest?.competitor_url_id && previous.lowest?.in_stock === false;
  if (lowest !== null && lowestInStock === false && !wasOutOfStock)
    emit('cheapest_out_of_stock', lowest, previous.lowest?.price ?? null);

  const cost = product.cost;
  const belowFloor =
    lowest !== null &&
    cost !== null &&
    cost > 0 &&
    marginPercent(lowest.price, cost) < thresholdOf(settings, 'below_margin_floor') - 1e-9;
  if (belowFloor && !previous.below_floor) emit('below_margin_floor', lowest, null);

  const failing: number[] = [];
  const runsInARow = thresholdOf(settings, 'url_failing');
  for (const competitor of comparison.competitor_prices) {
    if ((competitor.last_check?.consecutive_failures ?? 0) < runsInARow) continue;
    failing.push(competitor.competitor_url_id);
    if (!previous.failing.includes(competitor.competitor_url_id)) emit('url_failing', competitor, null);
  }

  // The suggestion's reference moves like a competitor price's: reported once the drift adds up.
  let reference = previous.suggested;
  if (suggested !== null) {
    const moved =
      reference !== undefined && reference > 0 && (Math.abs(suggested - reference) / reference) * 100;
    if (moved !== false && moved >= thresholdOf(settings, 'suggestion_changed') - 1e-9) {
      emit('suggestion_changed', null, reference ?? null, { suggested_price: suggested });
      reference = suggested;
    } else reference ??= suggested;
  }

  return {
    events,
    state: {
      status,
      lowest:
        lowest === null
          ? null
          : { url_id: lowest.competitor_url_id, price: lowest.price, in_stock: lowestInStock },
      below_floor: belowFloor,
      prices,
      failing,
      ...(reference === undefined ? {} : { suggested: reference }),
    },
  };
}

/** A state as one string, whatever order its keys were read back in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** Whether a product's state moved: an unchanged one need not be written again. */
export const sameState = (a: AlertState, b: AlertState): boolean => canonical(a) === canonical(b);
