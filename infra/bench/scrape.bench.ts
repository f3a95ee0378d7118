/**
 * `npm run bench:scrape`: a scrape run over 500 URLs on 100 shop hosts (5 each, on loopback
 * addresses 127.0.0.1–100) whose pages answer after 100 ms, at MaxConcurrency 10 and 40.
 *
 * Every host is paced (decision 37): robots.txt first, then its pages, each request starting at
 * least 1 s after the one before, at most 2 in flight. So the run has two floors, and its ideal
 * is the higher one:
 * - politeness: a host's 5 pages start 1 s apart after its robots.txt, so 5 × 1 s + 100 ms;
 * - concurrency: each check holds a Map place for its page (100 ms), and a host's first check
 *   also waits the 1 s after its robots.txt, so (100 × 1.1 s + 400 × 0.1 s) ÷ MaxConcurrency.
 * The most requests one host had in flight at once is reported against its limit of 2.
 *
 * A second run, `spread`, has checks of unequal length, as real shops give: 240 URLs on 60 hosts (4
 * each), every third host answering in 2 s and the rest in 0.3 s, at MaxConcurrency 10. A child
 * checks its batch of URLs all at once and holds its Map place until the slowest is done (decision
 * 59), so this is where batching costs time: its ideal is the concurrency floor, (240 × the mean
 * page + 60 × 1 s) ÷ 10.
 *
 * A third run, `browser`, has every host's pages drawn by a script (fixture-shop's `/script/<n>`) and
 * every host set to `browser` (issue 31): 60 URLs on 20 hosts at MaxConcurrency 10, as the RenderUrl
 * function's reserved concurrency on AWS. It reports rendered pages a minute and CPU seconds a
 * page, Chromium's processes included (read from /proc, tree-cpu.ts): the README's cost of a browser
 * check comes from them.
 *
 * No figure has a pass/fail budget: on a 2-core machine the whole local stack (state machine, every
 * handler, dynalite, the test shop) shares two cores, so wall time says more about this machine than
 * about a deployed run, where each check is its own Lambda. The floor row says how far it can go.
 *
 * Each concurrency runs in its own process, since the functions read their settings once. The
 * whole local stack runs in that process, so its CPU time over the run (every thread) divided by
 * the machine's cores is the least wall time this machine allows, whatever the orchestration does.
 * BENCH_PROFILE_DIR=dir writes a CPU profile of each run there.
 */
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { DEFAULT_COMPETITOR_URLS_PER_PRODUCT_MAX, type Product } from '@cmp/shared';
import { loopbackHosts, startFixtureShop } from '../test/support/fixture-shop';
import { REAL_PACE, startTestStack, type TestStack } from '../test/support/test-stack';
import { type BenchRow, emitRows, ROWS_MARKER } from './bench-report';
import { profiled } from './cpu-profile';
import { treeCpu, treeCpuSecondsSince } from './tree-cpu';

const URLS = 500;
const HOSTS = 100;
const PAGE_DELAY_MS = 100;
const SPACING_S = 1;
const MAX_IN_FLIGHT_PER_HOST = 2;
const CONCURRENCIES = [10, 40];

/** The spread run: every third of its hosts is slow. */
const SPREAD = { urls: 240, hosts: 60, fastMs: 300, slowMs: 2000, concurrency: 10 } as const;
/** The browser run: every page needs Chromium. */
const BROWSER = { urls: 60, hosts: 20, concurrency: 10 } as const;

type RunKind = 'even' | 'spread' | 'browser';

interface Measured {
  seconds: number;
  cpuSeconds: number;
  maxInFlightPerHost: number;
}

/** Where the n-th URL of a run goes, and every shop to watch. */
interface Shops {
  urlOf(n: number): string;
  all: Awaited<ReturnType<typeof startFixtureShop>>[];
}

async function evenShops(): Promise<Shops> {
  const shop = await startFixtureShop({ delayMs: PAGE_DELAY_MS, hosts: loopbackHosts(HOSTS) });
  return { urlOf: (n) => `${shop.originOf(n)}/p/${n}`, all: [shop] };
}

async function scriptedShops(): Promise<Shops> {
  const shop = await startFixtureShop({ delayMs: PAGE_DELAY_MS, hosts: loopbackHosts(BROWSER.hosts) });
  return { urlOf: (n) => `${shop.originOf(n)}/script/${n}`, all: [shop] };
}

const SHOPS: Record<RunKind, () => Promise<Shops>> = {
  even: evenShops,
  spread: spreadShops,
  browser: scriptedShops,
};
const URL_COUNT: Record<RunKind, number> = { even: URLS, spread: SPREAD.urls, browser: BROWSER.urls };

async function spreadShops(): Promise<Shops> {
  const hosts = loopbackHosts(SPREAD.hosts);
  const isSlow = (host: number) => host % 3 === 2;
  const fast = await startFixtureShop({ delayMs: SPREAD.fastMs, hosts: hosts.filter((_, i) => !isSlow(i)) });
  const slow = await startFixtureShop({ delayMs: SPREAD.slowMs, hosts: hosts.filter((_, i) => isSlow(i)) });
  return {
    urlOf: (n) => {
      const host = n % SPREAD.hosts;
      // The host's place among its shop's hosts (originOf takes them in turn).
      const origin = isSlow(host)
        ? slow.originOf((host - 2) / 3)
        : fast.originOf(host - Math.floor(host / 3));
      return `${origin}/p/${n}`;
    },
    all: [fast, slow],
  };
}

async function measure(concurrency: number, kind: RunKind): Promise<Measured> {
  const shops = await SHOPS[kind]();
  const urls = URL_COUNT[kind];
  const stack = await startTestStack({
    env: {
      SCRAPER_ALLOW_HOSTS: shops.all.map((shop) => shop.allowHosts).join(','),
      SCRAPE_MAX_CONCURRENCY: String(concurrency),
    },
    // The pace a deployment keeps (1 s a host), not the tests' shortcut.
    hostOnly: REAL_PACE,
  });
  try {
    const token = await stack.login();
    const { createProduct } = await import('@cmp/functions/data/product.repository');
    const { createCompetitorUrl } = await import('@cmp/functions/data/competitor-url.repository');
    let product: Pick<Product, 'id'> | undefined;
    for (let n = 0; n < urls; n++) {
      if (n % 5 === 0) {
        product = await createProduct({
          sku: `B-${n}`,
          name: `Bench ${n}`,
          current_price: 10,
          cost: null,
          category_id: null,
          gtin: null,
          mpn: null,
          brand: null,
        });
      }
      // A product's 5 URLs are on 5 hosts, as a product's competitors are.
      await createCompetitorUrl(
        { product_id: product?.id ?? 0, competitor_name: 'Bench', url: shops.urlOf(n) },
        DEFAULT_COMPETITOR_URLS_PER_PRODUCT_MAX,
      );
    }
    if (kind === 'browser')
      for (const host of loopbackHosts(BROWSER.hosts)) {
        const set = await stack.send('PUT', `/api/competitor-hosts/${host}`, {
          token,
          body: { fetch_mode: 'browser', render_wait_ms: 0, spacing_seconds: SPACING_S, proxy: null },
        });
        if (set.status !== 200) throw new Error(`Setting ${host} failed: ${JSON.stringify(set.body)}`);
      }
    const cpuBefore = treeCpu();
    const started = performance.now();
    await profiled(`scrape-${kind}-${concurrency}`, async () => {
      const answer = await stack.api('POST /api/scraper/run', { token, body: {} });
      if (answer.status !== 202) throw new Error(`The run did not start: ${JSON.stringify(answer.body)}`);
      await stack.stepFunctions.idle();
    });
    const seconds = (performance.now() - started) / 1000;
    const cpuSeconds = treeCpuSecondsSince(cpuBefore);
    const seen = shops.all.flatMap((shop) => shop.seen());
    const pages = seen.filter((r) => /^\/(p|script)\//.test(r.path)).length;
    // The run's own counts first: they say why when pages went unfetched or unpriced.
    if (kind === 'browser') await expectAllPriced(stack, token, urls);
    if (pages < urls) throw new Error(`Only ${pages} of ${urls} pages were fetched`);
    return {
      seconds,
      cpuSeconds,
      maxInFlightPerHost: Math.max(...shops.all.map((shop) => shop.maxInFlight())),
    };
  } finally {
    await stack.stop();
    await Promise.all(shops.all.map((shop) => shop.close()));
  }
}

/** A rendered page that gave no price would make the browser's figures those of failures. */
async function expectAllPriced(stack: TestStack, token: string, urls: number) {
  const { latest_log } = (await stack.api('GET /api/scraper/status', { token })).body.status;
  const ok = latest_log?.outcome_counts?.ok ?? 0;
  if (ok < urls)
    throw new Error(`Only ${ok} of ${urls} rendered pages gave their price: ${JSON.stringify(latest_log)}`);
}

/** Runs one measurement in a process of its own: the functions read their settings once. */
function measureApart(concurrency: number, kind: RunKind): Measured {
  const args = [fileURLToPath(import.meta.url), String(concurrency), kind];
  const child = spawnSync(process.execPath, ['--import', 'tsx', ...args], { encoding: 'utf8' });
  const line = /BENCH_ROWS_ONE (.+)/.exec(child.stdout)?.[1];
  if (child.status !== 0 || !line)
    throw new Error(`Measuring concurrency ${concurrency} (${kind}) failed:\n${child.stderr}`);
  return JSON.parse(line) as Measured;
}

async function main() {
  const only = process.argv[2];
  if (only) {
    const measured = await measure(Number(only), (process.argv[3] ?? 'even') as RunKind);
    console.log(`${ROWS_MARKER.trim()}_ONE ${JSON.stringify(measured)}`);
    return;
  }
  const rows: BenchRow[] = [];
  const perHost = URLS / HOSTS;
  const politeIdeal = perHost * SPACING_S + PAGE_DELAY_MS / 1000;
  const firstChecks = HOSTS * (SPACING_S + PAGE_DELAY_MS / 1000);
  const laterChecks = (URLS - HOSTS) * (PAGE_DELAY_MS / 1000);
  for (const concurrency of CONCURRENCIES) {
    const { seconds, cpuSeconds, maxInFlightPerHost } = measureApart(concurrency, 'even');
    const concurrencyIdeal = (firstChecks + laterChecks) / concurrency;
    const ideal = Math.max(politeIdeal, concurrencyIdeal);
    const cores = availableParallelism();
    const name = `scrape ${URLS} URLs on ${HOSTS} hosts, MaxConcurrency ${concurrency}`;
    rows.push({ figure: `${name}: wall time`, value: seconds, unit: 's' });
    rows.push({
      figure: `${name}: × ideal (${round(ideal)} s: politeness ${round(politeIdeal)} s, concurrency ${round(concurrencyIdeal)} s)`,
      value: seconds / ideal,
      unit: '×',
    });
    rows.push({
      figure: `${name}: × politeness-bound ideal (${perHost} URLs per host × ${SPACING_S} s + one page)`,
      value: seconds / politeIdeal,
      unit: '×',
    });
    rows.push({
      figure: `${name}: most requests in flight at one host (the rule: ${MAX_IN_FLIGHT_PER_HOST}; scrape-run-politeness.int.test.ts holds it)`,
      value: maxInFlightPerHost,
      unit: '',
    });
    rows.push({
      figure: `${name}: CPU per URL (whole local stack)`,
      value: (cpuSeconds * 1000) / URLS,
      unit: 'ms',
    });
    rows.push({
      figure: `${name}: CPU ÷ ${cores} cores, × ideal (floor here)`,
      value: cpuSeconds / cores / ideal,
      unit: '×',
    });
  }
  const spread = measureApart(SPREAD.concurrency, 'spread');
  const meanPage = (SPREAD.fastMs * 2 + SPREAD.slowMs) / 3 / 1000;
  const spreadIdeal = (SPREAD.urls * meanPage + SPREAD.hosts * SPACING_S) / SPREAD.concurrency;
  const spreadName = `scrape ${SPREAD.urls} URLs on ${SPREAD.hosts} hosts, every third at ${SPREAD.slowMs / 1000} s and the rest at ${SPREAD.fastMs / 1000} s, MaxConcurrency ${SPREAD.concurrency}`;
  rows.push({ figure: `${spreadName}: wall time`, value: spread.seconds, unit: 's' });
  rows.push({
    figure: `${spreadName}: × ideal (${round(spreadIdeal)} s, the concurrency floor; a batch waits for its slowest check)`,
    value: spread.seconds / spreadIdeal,
    unit: '×',
  });
  const browser = measureApart(BROWSER.concurrency, 'browser');
  const browserName = `scrape ${BROWSER.urls} script-drawn pages on ${BROWSER.hosts} browser hosts, MaxConcurrency ${BROWSER.concurrency}`;
  rows.push({ figure: `${browserName}: wall time`, value: browser.seconds, unit: 's' });
  rows.push({
    figure: `${browserName}: rendered pages a minute`,
    value: (BROWSER.urls * 60) / browser.seconds,
    unit: '/min',
  });
  rows.push({
    figure: `${browserName}: CPU a page (local stack and Chromium)`,
    value: browser.cpuSeconds / BROWSER.urls,
    unit: 's',
  });
  emitRows(rows);
}

const round = (s: number) => Math.round(s * 100) / 100;

await main();
