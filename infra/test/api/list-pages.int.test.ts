import {
  CHECK_OUTCOMES,
  type CheckOutcomeKind,
  type CompetitorUrl,
  competitorNameFromUrl,
  type DashboardProduct,
  FAILING_OUTCOMES,
  type Product,
  searchScore,
} from '@cmp/shared';
import { describe, expect, it } from 'vitest';
import { present } from '../support/present';
import { seededEffect } from '../support/run-records';
import { signedInStack } from '../support/signed-in-stack';
import { TEST_HOST_SETTINGS } from '../support/test-stack';

/**
 * The three big lists a page at a time (docs/api.md#lists): over random catalogues, every filter
 * and sort gives the same rows in the same order, whether the server cuts pages or the rows are
 * worked out here, from the whole list, by the rules written out plainly below.
 */
// The most rows a list answers whole: 5,000 deployed, 80 here (a host-only setting), so the
// refusal beyond it needs 81 products, not 5,001.
const WHOLE = 80;
const { stack, token } = await signedInStack({
  hostOnly: { ...TEST_HOST_SETTINGS, wholeListRowsForTests: WHOLE },
});

/** A small seeded generator (mulberry32), so a failure can be replayed. */
function generator(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T,
    int: (below: number) => Math.floor(next() * below),
  };
}

const WORDS = ['Kettle', 'kettle', 'Toaster', 'Mug', 'Steel', 'steel', 'Blue', 'Jug', 'Ke', 'Fan'];
const HOSTS = ['https://shop-a.example', 'https://www.shop-b.example', 'https://shop-c.example'];
const SEED_RUN = '20261121T090000000Z-seed';

/** Adds `count` random products (some hidden, some in a category) with 0–3 URLs each, most checked. */
async function addRandomProducts(seed: number, count: number, categories: number[]) {
  const { recordLatestObservation } = await import('@cmp/functions/data/url-price-state.repository');
  const random = generator(seed);
  for (let n = 0; n < count; n++) {
    const name = `${random.pick(WORDS)} ${random.pick(WORDS)} ${random.int(20)}`;
    const sku = `${random.pick(WORDS).toUpperCase()}-${seed}-${n}${random.chance(0.2) ? '0' : ''}`;
    const { body } = await stack.api('POST /api/products', {
      token,
      body: {
        sku,
        name,
        current_price: 10 + random.int(10),
        category_id: random.chance(0.6) ? random.pick(categories) : null,
      },
    });
    const productId = body.product.id;
    if (random.chance(0.2))
      await stack.api('PATCH /api/products/{id}/toggle-hidden', { token, params: { id: productId } });
    for (let u = random.int(4); u > 0; u--) {
      const host = random.pick(HOSTS);
      const added = await stack.api('POST /api/competitor-urls', {
        token,
        body: {
          product_id: productId,
          competitor_name: random.pick(['Argos', 'Currys', 'argos', 'Jugs']),
          url: `${host}/p/${seed}-${n}-${u}`,
        },
      });
      if (random.chance(0.25)) continue;
      const outcome: CheckOutcomeKind = random.chance(0.5) ? 'ok' : random.pick(CHECK_OUTCOMES);
      const price = outcome === 'ok' ? 8 + random.int(14) : null;
      const observation = {
        run_id: SEED_RUN,
        price,
        currency: price === null ? null : 'GBP',
        in_stock: price === null ? null : true,
        confidence: price === null ? null : 0.95,
        scraped_at: `2026-11-${String(1 + random.int(20)).padStart(2, '0')}T09:00:00.000Z`,
        error_message: null,
        outcome,
        message: outcome,
      };
      await recordLatestObservation(added.body.competitorUrl.id, observation, seededEffect(observation));
    }
  }
}

type Query = Record<string, string | undefined>;

/** Follows an import's job to its end, as the import dialog does. */
async function importFinished(id: string): Promise<void> {
  for (let waited = 0; waited < 120_000; waited += 200) {
    const { body } = await stack.api('GET /api/imports/{id}', { token, params: { id } });
    if (body.import.status === 'completed') return;
    if (body.import.status === 'failed') throw new Error(`Import ${id} failed: ${body.import.error}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Import ${id} did not finish`);
}

/** A list's answer to `query`. */
const get = <T>(path: string, query: Record<string, string>) =>
  stack.send<T>('GET', `${path}?${new URLSearchParams(query)}`, { token });

/** Every page of a list, `size` rows at a time, joined; and the total each page gave. */
async function allPages<T>(path: string, key: string, query: Query, size: number) {
  const rows: T[] = [];
  const totals = new Set<number>();
  for (let page = 1; ; page++) {
    const { status, body } = await get<Record<string, unknown>>(path, {
      ...defined(query),
      page: String(page),
      page_size: String(size),
    });
    expect(status, `${path} ${JSON.stringify(query)}: ${JSON.stringify(body)}`).toBe(200);
    expect(body.page).toBe(page);
    expect(body.page_size).toBe(size);
    totals.add(body.total as number);
    const cut = body[key] as T[];
    rows.push(...cut);
    if (cut.length < size) return { rows, totals: [...totals] };
  }
}

// The rules, written out plainly: a filter keeps what passes it; a sort is stable, rows without a
// key last in either direction; texts compare as people read them.
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const words = (search = '') => [...new Set(search.trim().toLowerCase().split(/\s+/).filter(Boolean))];

function stableSort<T>(rows: T[], key: (row: T) => number | string[] | null, order = 'asc'): T[] {
  const sign = order === 'desc' ? -1 : 1;
  const compare = (a: number | string[], b: number | string[]) =>
    typeof a === 'number' && typeof b === 'number'
      ? a - b
      : (a as string[]).reduce(
          (found, text, i) => found || collator.compare(text, (b as string[])[i] ?? ''),
          0,
        );
  return rows
    .map((row, index) => ({ row, index, key: key(row) }))
    .sort((a, b) => {
      if (a.key === null || b.key === null)
        return a.key === b.key ? a.index - b.index : a.key === null ? 1 : -1;
      return compare(a.key, b.key) * sign || a.index - b.index;
    })
    .map(({ row }) => row);
}

const inCategory = (categoryId: number | null, filter: string | undefined) =>
  filter === undefined || (filter === 'none' ? categoryId === null : categoryId === Number(filter));

const STATUS_RANK = { LOWER: 0, SAME: 1, HIGHER: 2, NO_DATA: null } as const;

function dashboardRows(all: DashboardProduct[], q: Query): DashboardProduct[] {
  const kept = all.filter(
    (row) =>
      (q.show_hidden === 'true' || !row.hidden) &&
      (q.status === undefined || row.price_comparison.status === q.status) &&
      inCategory(row.category_id, q.category_id) &&
      words(q.search).every((w) => row.name.toLowerCase().includes(w) || row.sku.toLowerCase().includes(w)),
  );
  const keys = {
    difference: (row: DashboardProduct) => row.price_comparison.price_difference,
    status: (row: DashboardProduct) => STATUS_RANK[row.price_comparison.status],
    name: (row: DashboardProduct) => [row.name, row.sku],
    sku: (row: DashboardProduct) => [row.sku],
  };
  return q.sort ? stableSort(kept, keys[q.sort as keyof typeof keys], q.order) : kept;
}

function productRows(all: Product[], q: Query): Product[] {
  let kept = all.filter(
    (row) =>
      inCategory(row.category_id, q.category_id) &&
      words(q.search).every((w) => row.name.toLowerCase().includes(w) || row.sku.toLowerCase().includes(w)),
  );
  // A search ranks, best first (the ranking is docs/rules.md#5-search-and-ranking's own).
  if (words(q.search).length > 0) kept = stableSort(kept, (row) => -searchScore(row, q.search ?? ''));
  const keys = { name: (row: Product) => [row.name, row.sku], sku: (row: Product) => [row.sku] };
  return q.sort ? stableSort(kept, keys[q.sort as keyof typeof keys], q.order) : kept;
}

const hostOf = (url: CompetitorUrl) => competitorNameFromUrl(url.url);

function urlRows(all: CompetitorUrl[], q: Query): CompetitorUrl[] {
  const kept = all.filter((url) => {
    const outcome = url.last_check?.outcome;
    const text = [url.product.name, url.product.sku, url.competitor_name, hostOf(url)]
      .join('\n')
      .toLowerCase();
    return (
      (q.product_id === undefined || url.product_id === Number(q.product_id)) &&
      (q.host === undefined || hostOf(url) === q.host) &&
      (q.outcome === undefined ||
        (q.outcome === 'never'
          ? outcome === undefined
          : q.outcome === 'failing'
            ? outcome !== undefined && FAILING_OUTCOMES.includes(outcome)
            : outcome === q.outcome)) &&
      words(q.search).every((w) => text.includes(w))
    );
  });
  const keys = {
    product: (url: CompetitorUrl) => [url.product.name, url.product.sku],
    competitor: (url: CompetitorUrl) => [hostOf(url), url.competitor_name],
    last_check: (url: CompetitorUrl) => (url.last_check ? Date.parse(url.last_check.checked_at) : null),
  };
  return q.sort ? stableSort(kept, keys[q.sort as keyof typeof keys], q.order) : kept;
}

/**
 * No filter and the `together` sets (several filters at once), each with every sort either way and
 * none; each filter value alone, in catalogue order and by the first sort. A sort orders what the
 * filters kept, so every sort need not meet every single filter (it did, at 4× the requests).
 */
function filtersAndSorts(filters: Record<string, string[]>, together: Query[], sorts: string[]): Query[] {
  const alone = Object.entries(filters).flatMap(([name, values]) =>
    values.map((value) => ({ [name]: value })),
  );
  const orders = [
    {},
    ...sorts.flatMap((sort) => [
      { sort, order: 'asc' },
      { sort, order: 'desc' },
    ]),
  ];
  const firstSort = { sort: sorts[0], order: 'desc' };
  return [
    ...[{}, ...together].flatMap((query) => orders.map((order) => ({ ...query, ...order }))),
    ...alone.flatMap((query) => [query, { ...query, ...firstSort }]),
  ];
}
const defined = (query: Query) =>
  Object.fromEntries(Object.entries(query).filter((entry) => entry[1] !== undefined)) as Record<
    string,
    string
  >;

async function expectSameRows<T extends { id: number }>(
  path: string,
  key: string,
  queries: Query[],
  expected: (query: Query) => T[],
) {
  for (const query of queries.map(defined)) {
    const rows = expected(query).map((row) => row.id);
    const { rows: paged, totals } = await allPages<T>(path, key, query, 12);
    const whole = await get<Record<string, T[]>>(path, query);

    expect(
      paged.map((row) => row.id),
      `${path} ${JSON.stringify(query)}`,
    ).toEqual(rows);
    expect(totals).toEqual([rows.length]);
    expect(whole.body[key]?.map((row) => row.id)).toEqual(rows);
  }
}

describe('the lists a page at a time', () => {
  it('give the rows the whole list gives, in its order, for every filter and sort over a random catalogue', async () => {
    const kitchen = (await stack.api('POST /api/categories', { token, body: { name: 'Kitchen' } })).body
      .category.id;
    const garden = (await stack.api('POST /api/categories', { token, body: { name: 'Garden' } })).body
      .category.id;
    // One random catalogue with every kind of row (asserted below): a second doubled the time.
    for (const seed of [11]) {
      await addRandomProducts(seed, 24, [kitchen, garden]);
      const dashboard = (
        await stack.api('GET /api/dashboard/products', { token, query: { show_hidden: 'true' } })
      ).body.products;
      const products = (await stack.api('GET /api/products', { token })).body.products;
      const urls = (await stack.api('GET /api/competitor-urls', { token })).body.competitorUrls;
      const someProduct = present(urls[seed]).product_id;
      // Both catalogues have every kind of row the filters pick.
      expect(new Set(dashboard.map((row) => row.price_comparison.status)).size).toBe(4);
      expect(dashboard.some((row) => row.hidden)).toBe(true);
      expect(urls.some((url) => url.last_check === null)).toBe(true);

      const dashboardQueries = filtersAndSorts(
        {
          status: ['LOWER', 'HIGHER', 'SAME', 'NO_DATA'],
          category_id: ['none', String(kitchen)],
          show_hidden: ['true'],
          search: ['kettle', 'ke steel'],
        },
        [
          { status: 'HIGHER', category_id: String(kitchen), search: 'ke' },
          { status: 'NO_DATA', show_hidden: 'true', category_id: 'none' },
        ],
        ['difference', 'status', 'name', 'sku'],
      );
      const productQueries = filtersAndSorts(
        { category_id: ['none', String(garden)], search: ['kettle', 'steel ke', `BLUE-${seed}`] },
        [{ category_id: String(kitchen), search: 'ke' }],
        ['name', 'sku'],
      );
      const urlQueries = filtersAndSorts(
        {
          outcome: ['failing', 'never', 'ok', 'review'],
          product_id: [String(someProduct)],
          host: ['shop-b.example'],
          search: ['argos', 'kettle shop-a'],
        },
        [
          { outcome: 'failing', host: 'shop-a.example', search: 'ke' },
          { outcome: 'never', search: 'argos' },
        ],
        ['product', 'competitor', 'last_check'],
      );

      await expectSameRows('/api/dashboard/products', 'products', dashboardQueries, (q) =>
        dashboardRows(dashboard, q),
      );
      await expectSameRows('/api/products', 'products', productQueries, (q) => productRows(products, q));
      await expectSameRows('/api/competitor-urls', 'competitorUrls', urlQueries, (q) => urlRows(urls, q));
    }
  });

  it('answer a page past the last with no rows and the total, and refuse a page or size out of range', async () => {
    const { body } = await stack.api('GET /api/products', {
      token,
      query: { page: '999', page_size: '100' },
    });
    const refused: Record<string, string>[] = [
      { page: '0' },
      { page_size: '101' },
      { sort: 'price' },
      { order: 'sideways' },
    ];
    const refusals = await Promise.all(
      refused.map((query) => get<{ error: string }>('/api/products', query)),
    );

    expect(body.products).toEqual([]);
    expect(body.total).toBeGreaterThan(0);
    expect(refusals.map(({ status, body: answer }) => [status, answer.error])).toEqual([
      [400, 'page must be a whole number from 1'],
      [400, 'page_size must be a whole number from 1 to 100'],
      [400, 'sort must be one of name, sku'],
      [400, 'order must be asc or desc'],
    ]);
  });

  it('answer the whole list up to its most rows, and beyond that only a page at a time', async () => {
    const count = async () =>
      (await stack.api('GET /api/dashboard/overview', { token })).body.stats.totalProducts;
    const missing = WHOLE - (await count());
    const csv = [
      'SKU,Product Name,Current Price',
      ...Array.from({ length: missing }, (_, i) => `BULK-${i},Bulk product ${i},${1 + (i % 50)}`),
    ].join('\n');
    const imported = await stack.upload('POST /api/products/import', token, {
      name: 'bulk.csv',
      content: csv,
    });
    // A loaded machine may take longer than the upload's answer waits: then follow its job.
    if (imported.status === 202 && 'import' in imported.body) await importFinished(imported.body.import.id);
    else expect(imported.status).toBe(200);
    const atLimit = await get<{ products: unknown[] }>('/api/products', {});
    await stack.api('POST /api/products', {
      token,
      body: { sku: 'ONE-TOO-MANY', name: 'One too many', current_price: 1 },
    });
    const refused = await Promise.all(
      ['/api/products', '/api/dashboard/products'].map((path) => get<{ error: string }>(path, {})),
    );
    const paged = await get<{ products: Product[]; total: number }>('/api/products', {
      page: '2',
      page_size: '100',
      search: 'one too many',
    });

    expect(await count()).toBe(WHOLE + 1);
    expect([atLimit.status, atLimit.body.products.length]).toEqual([200, WHOLE]);
    expect(refused.map(({ status, body }) => [status, body.error])).toEqual(
      Array(2).fill([
        400,
        'The list has 81 rows, more than the 80 sent at once: ask for it a page at a time with page and page_size (at most 100 rows a page)',
      ]),
    );
    expect([paged.status, paged.body.total, paged.body.products]).toEqual([200, 1, []]);
  });
});
