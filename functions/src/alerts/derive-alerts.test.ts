import {
  type AlertEventSettings,
  type CheckOutcomeKind,
  type CompetitorObservation,
  comparePrices,
  DEFAULT_ALERT_EVENTS,
} from '@cmp/shared';
import { describe, expect, it } from 'vitest';
import {
  type AlertState,
  derivePositionAlerts,
  NO_STATE,
  type ProductPosition,
  sameState,
} from './derive-alerts';

const PRODUCT: ProductPosition['product'] = {
  id: 7,
  sku: 'SKU-7',
  name: 'Kettle',
  current_price: 50,
  cost: 30,
};

interface Seen {
  id: number;
  price: number | null;
  accepted?: boolean;
  in_stock?: boolean | null;
  outcome?: CheckOutcomeKind;
  failures?: number;
  currency?: string;
}

/** A competitor URL as the dashboard sees it after a check. */
function observation(seen: Seen): CompetitorObservation {
  const outcome = seen.outcome ?? (seen.price === null ? 'failed' : 'ok');
  return {
    competitor_url_id: seen.id,
    competitor_name: `Shop ${seen.id}`,
    url: `https://shop${seen.id}.example/p`,
    price: seen.price,
    currency: seen.currency ?? 'GBP',
    in_stock: seen.in_stock ?? true,
    confidence: 0.9,
    scraped_at: '2026-11-26T06:00:00.000Z',
    error_message: null,
    accepted: seen.accepted ?? seen.price !== null,
    last_check: {
      outcome,
      message: outcome,
      checked_at: '2026-11-26T06:00:00.000Z',
      price: seen.price,
      currency: seen.currency ?? 'GBP',
      in_stock: seen.in_stock ?? true,
      confidence: 0.9,
      consecutive_failures: seen.failures ?? 0,
    },
  };
}

/** One product's run: its competitors as seen, against the state kept from the run before. */
function run(
  competitors: Seen[],
  previous: AlertState = NO_STATE,
  options: { settings?: AlertEventSettings; product?: Partial<typeof PRODUCT> } = {},
) {
  const product = { ...PRODUCT, ...options.product };
  const { comparison } = comparePrices(product.current_price, competitors.map(observation), 'GBP', 0.5);
  return derivePositionAlerts({ product, comparison }, previous, options.settings ?? DEFAULT_ALERT_EVENTS);
}

/** Runs one after another, each against the state the one before left: the kinds each produced. */
function runs(...sequence: Seen[][]) {
  let state = NO_STATE;
  return sequence.map((competitors) => {
    const result = run(competitors, state);
    state = result.state;
    return result.events.map((event) => event.kind);
  });
}

const kinds = (result: ReturnType<typeof run>) => result.events.map((event) => event.kind);

describe('undercut and now_cheapest', () => {
  it('reports an undercut when a competitor becomes cheaper than us, with their price and the lowest before', () => {
    const before = run([{ id: 1, price: 55 }]).state;
    const after = run([{ id: 1, price: 45 }], before);
    const undercut = after.events.find((event) => event.kind === 'undercut');
    expect(undercut).toEqual({
      kind: 'undercut',
      product_id: 7,
      sku: 'SKU-7',
      product_name: 'Kettle',
      our_price: 50,
      competitor_url_id: 1,
      competitor_name: 'Shop 1',
      competitor_url: 'https://shop1.example/p',
      competitor_price: 45,
      previous_price: 55,
    });
  });

  it('reports an undercut on the first data too: a new cheaper competitor is news', () => {
    expect(kinds(run([{ id: 1, price: 45 }]))).toContain('undercut');
  });

  it('does not report an undercut that is still true on the next run', () => {
    expect(runs([{ id: 1, price: 45 }], [{ id: 1, price: 45 }])[1]).toEqual([]);
  });

  it('reports the same undercut again after we were cheapest in between', () => {
    const [, back, again] = runs([{ id: 1, price: 45 }], [{ id: 1, price: 55 }], [{ id: 1, price: 45 }]);
    expect(back).toContain('now_cheapest');
    expect(again).toContain('undercut');
  });

  it('reports now_cheapest when we go from HIGHER to SAME', () => {
    expect(runs([{ id: 1, price: 45 }], [{ id: 1, price: 50 }])[1]).toContain('now_cheapest');
  });

  it('reports no now_cheapest on a first run where we are already cheapest', () => {
    expect(kinds(run([{ id: 1, price: 60 }]))).not.toContain('now_cheapest');
  });

  it('never reports an undercut by an offer out of stock, whose own event says it', () => {
    expect(kinds(run([{ id: 1, price: 45, in_stock: false }]))).toEqual(['cheapest_out_of_stock']);
    expect(
      runs([{ id: 1, price: 55 }], [{ id: 1, price: 45, outcome: 'out_of_stock_no_price' }])[1],
    ).not.toContain('undercut');
  });

  it('reports an undercut by the cheapest offer in stock when a cheaper one is out of stock', () => {
    const result = run([
      { id: 1, price: 40, in_stock: false },
      { id: 2, price: 45 },
    ]);
    expect(result.events.find((event) => event.kind === 'undercut')?.competitor_url_id).toBe(2);
  });

  it('reports now_cheapest against the offers in stock, never naming an out-of-stock one', () => {
    const [, back] = runs(
      [{ id: 1, price: 45 }],
      [
        { id: 1, price: 45, in_stock: false },
        { id: 2, price: 60 },
      ],
    );
    const state = run([{ id: 1, price: 45 }]).state;
    const event = run(
      [
        { id: 1, price: 45, in_stock: false },
        { id: 2, price: 60 },
      ],
      state,
    ).events.find((e) => e.kind === 'now_cheapest');
    expect(back).toContain('now_cheapest');
    expect(event?.competitor_url_id).toBe(2);
    // Every offer out of stock: nothing to be cheapest against.
    expect(runs([{ id: 1, price: 45 }], [{ id: 1, price: 45, in_stock: false }])[1]).not.toContain(
      'now_cheapest',
    );
  });
});

describe('only accepted, counted prices decide', () => {
  it('makes no event from a price held for review, failed, blocked or in another currency', () => {
    const before = run([{ id: 1, price: 55 }]).state;
    for (const seen of [
      { id: 1, price: 20, accepted: false, outcome: 'review' as const },
      { id: 1, price: null, outcome: 'failed' as const, failures: 1 },
      { id: 1, price: null, outcome: 'blocked' as const, failures: 1 },
      { id: 1, price: 20, currency: 'EUR' },
    ]) {
      // A held or failed check leaves the URL's accepted price standing: here, none is shown.
      expect(kinds(run([seen], before)).filter((kind) => kind !== 'url_failing')).toEqual([]);
    }
  });
});

describe('competitor_price_change', () => {
  it('reports a move of at least the threshold, either way, with the price before', () => {
    const [, down, up] = runs([{ id: 1, price: 100 }], [{ id: 1, price: 95 }], [{ id: 1, price: 99.75 }]);
    expect(down).toContain('competitor_price_change');
    expect(up).toContain('competitor_price_change');
    const before = run([{ id: 1, price: 100 }]).state;
    expect(
      run([{ id: 1, price: 95 }], before).events.find((e) => e.kind === 'competitor_price_change'),
    ).toMatchObject({
      competitor_price: 95,
      previous_price: 100,
    });
  });

  it('does not report a smaller move, nor an unchanged price', () => {
    expect(runs([{ id: 1, price: 100 }], [{ id: 1, price: 96 }], [{ id: 1, price: 96 }]).slice(1)).toEqual([
      [],
      [],
    ]);
  });

  it('reports a slow drift once it adds up to the threshold since the price last reported', () => {
    const moves = runs(
      [{ id: 1, price: 100 }],
      [{ id: 1, price: 98 }],
      [{ id: 1, price: 96 }],
      [{ id: 1, price: 94.9 }],
    );
    expect(moves.slice(1)).toEqual([[], [], ['competitor_price_change']]);
  });

  it('follows the threshold set', () => {
    const settings = {
      ...DEFAULT_ALERT_EVENTS,
      competitor_price_change: { enabled: true, threshold: 1 },
    };
    const before = run([{ id: 1, price: 100 }]).state;
    expect(kinds(run([{ id: 1, price: 98.5 }], before, { settings }))).toEqual(['competitor_price_change']);
  });
});

describe('cheapest_out_of_stock', () => {
  it('reports the lowest-priced competitor going out of stock, once', () => {
    const [, gone, still] = runs(
      [
        { id: 1, price: 60 },
        { id: 2, price: 70 },
      ],
      [
        { id: 1, price: 60, in_stock: false },
        { id: 2, price: 70 },
      ],
      [
        { id: 1, price: 60, in_stock: false },
        { id: 2, price: 70 },
      ],
    );
    expect(gone).toEqual(['cheapest_out_of_stock']);
    expect(still).toEqual([]);
  });

  it('reads a page saying out of stock without a price as out of stock, on the price accepted before', () => {
    const before = run([{ id: 1, price: 60 }]).state;
    const after = run([{ id: 1, price: 60, outcome: 'out_of_stock_no_price' }], before);
    expect(kinds(after)).toEqual(['cheapest_out_of_stock']);
  });

  it('does not report a competitor that is not the cheapest going out of stock', () => {
    expect(
      runs(
        [
          { id: 1, price: 60 },
          { id: 2, price: 70 },
        ],
        [
          { id: 1, price: 60 },
          { id: 2, price: 70, in_stock: false },
        ],
      )[1],
    ).toEqual([]);
  });
});

describe('below_margin_floor', () => {
  it('reports when matching the lowest competitor would take our margin under the floor (default 10 % of cost)', () => {
    // Cost 30: matching 32.99 is a 9.97 % margin, 33 is 10 % exactly.
    expect(kinds(run([{ id: 1, price: 32.99 }], run([{ id: 1, price: 60 }]).state))).toEqual([
      'undercut',
      'competitor_price_change',
      'below_margin_floor',
    ]);
    const atFloor = run([{ id: 1, price: 33 }], run([{ id: 1, price: 60 }]).state);
    expect(kinds(atFloor)).not.toContain('below_margin_floor');
  });

  it('is not reported for a product without a cost, nor again while it lasts', () => {
    expect(kinds(run([{ id: 1, price: 20 }], NO_STATE, { product: { cost: null } }))).not.toContain(
      'below_margin_floor',
    );
    expect(runs([{ id: 1, price: 20 }], [{ id: 1, price: 20 }])[1]).toEqual([]);
  });
});

describe('url_failing', () => {
  it('reports a URL whose checks failed or were blocked 3 runs in a row, once, and again after it recovered', () => {
    const failing = (failures: number) => [{ id: 1, price: null, outcome: 'blocked' as const, failures }];
    const [first, second, third, fourth, recovered, failsAgain] = runs(
      failing(1),
      failing(2),
      failing(3),
      failing(4),
      [{ id: 1, price: 60 }],
      failing(3),
    );
    expect([first, second, third, fourth]).toEqual([[], [], ['url_failing'], []]);
    expect(recovered).not.toContain('url_failing');
    expect(failsAgain).toEqual(['url_failing']);
  });
});

describe('suggestion_changed', () => {
  const on = {
    ...DEFAULT_ALERT_EVENTS,
    suggestion_changed: { enabled: true, threshold: 5 },
  } satisfies AlertEventSettings;
  /** Suggestions one run after another: the events of each, the suggestion before and now. */
  function suggestions(settings: AlertEventSettings, ...sequence: (number | null)[]) {
    let state = NO_STATE;
    return sequence.map((suggested) => {
      const { comparison } = comparePrices(
        PRODUCT.current_price,
        [observation({ id: 1, price: 60 })],
        'GBP',
        0.5,
      );
      const result = derivePositionAlerts({ product: PRODUCT, comparison, suggested }, state, settings);
      state = result.state;
      return result.events
        .filter((event) => event.kind === 'suggestion_changed')
        .map((event) => [event.previous_price, event.suggested_price]);
    });
  }

  it('is off by default', () => {
    expect(DEFAULT_ALERT_EVENTS.suggestion_changed).toEqual({ enabled: false, threshold: 5 });
    expect(suggestions(DEFAULT_ALERT_EVENTS, 50, 40)).toEqual([[], []]);
  });

  it('reports a move of the suggestion by at least the threshold, with the one before, once it adds up', () => {
    // First seen is the reference; 3 % then 6 % from it; unchanged; none; then back.
    expect(suggestions(on, 50, 51.5, 53, 53, null, 50)).toEqual([[], [], [[50, 53]], [], [], [[53, 50]]]);
  });

  it('moves its reference on while switched off, so switching it on reports no past', () => {
    let state = run([{ id: 1, price: 60 }]).state;
    const { comparison } = comparePrices(
      PRODUCT.current_price,
      [observation({ id: 1, price: 60 })],
      'GBP',
      0.5,
    );
    state = derivePositionAlerts(
      { product: PRODUCT, comparison, suggested: 50 },
      state,
      DEFAULT_ALERT_EVENTS,
    ).state;
    state = derivePositionAlerts(
      { product: PRODUCT, comparison, suggested: 40 },
      state,
      DEFAULT_ALERT_EVENTS,
    ).state;
    const after = derivePositionAlerts({ product: PRODUCT, comparison, suggested: 40 }, state, on);
    expect(after.events).toEqual([]);
    expect(after.state.suggested).toBe(40);
  });
});

describe('settings', () => {
  it('makes no event of a kind switched off, yet moves its state on', () => {
    const settings = { ...DEFAULT_ALERT_EVENTS, undercut: { enabled: false } };
    const result = run([{ id: 1, price: 45 }], NO_STATE, { settings });
    expect(kinds(result)).not.toContain('undercut');
    expect(kinds(run([{ id: 1, price: 45 }], result.state))).toEqual([]);
  });
});

describe('sameState', () => {
  it('compares states whatever order their keys were read back in', () => {
    const state = run([
      { id: 1, price: 45 },
      { id: 2, price: 60 },
    ]).state;
    const reversed = (value: unknown): unknown =>
      value !== null && typeof value === 'object' && !Array.isArray(value)
        ? Object.fromEntries(
            Object.entries(value)
              .reverse()
              .map(([key, inner]) => [key, reversed(inner)]),
          )
        : value;
    expect(JSON.stringify(reversed(state))).not.toBe(JSON.stringify(state));
    expect(sameState(state, reversed(state) as AlertState)).toBe(true);
    expect(sameState(state, { ...state, below_floor: !state.below_floor })).toBe(false);
  });
});
