/**
 * `npm run bench:api`: the read endpoints (the CSV exports too) on a local stack with a seeded
 * catalogue, at 1,000 and 10,000 products (`npm run bench:api -- --one 100000` for one size, with
 * three URLs a product): p50 and p95 over 20 calls, bytes with and without gzip (an export past
 * Lambda's 6 MB uncompressed would show as 406), and DynamoDB requests per call, split into
 * queries and 1 MB continuation pages (only the pages may grow with size).
 * The three lists are timed as the screens ask for them, their first page (docs/api.md#lists). Their
 * rows are kept until the catalogue changes: they are also timed right after a change, when the rows
 * are built again (and their request counts are those calls'): a product edit and a competitor-URL
 * edit (through the API, as staff make them) and a scrape run (new prices on some URLs, then
 * Finalize over every URL, which leaves the URLs' snapshot the lists read instead of every URL,
 * decision 61), and once a second while a scrape run changes the prices. Finalize's own time at
 * that size is reported too, the whole stack's peak heap, and what the lists keep between calls
 * against an API Lambda's memory.
 * Each size runs in its own process, since the functions read their settings once.
 * BENCH_PROFILE_DIR=dir writes a CPU profile of each endpoint's measured calls there.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { mapLimit } from '@cmp/functions/lib/map-limit';
import { countByOutcome } from '@cmp/shared';
import { priceOutcome, runningRun } from '../test/support/run-records';
import type { TestStack } from '../test/support/test-stack';
import { type BenchRow, emitRows } from './bench-report';
import { startSeededStack } from './bench-stack';
import { profiled } from './cpu-profile';
import { watchContinuationPages } from './dynamo-pages';
import { percentile, timedGet } from './measure';

const SIZES = [1_000, 10_000];
const CALLS = 20;
const WARM_UP_CALLS = 2;
/**
 * `kept`: the answer is kept until the catalogue changes, so calls right after a change are timed
 * too; `afterChangeBudgetMs`: their p95 budget after each kind of change (issue 17).
 */
const FIRST_PAGE = '?page=1&page_size=20';
/** Issue 30: each list's first page, at rest and after a change or during a run; its gzipped size. */
const PAGE_BUDGET_MS = 500;
const PAGE_AFTER_CHANGE_BUDGET_MS = 1_000;
const PAGE_GZIP_BUDGET_KB = 100;
const ENDPOINTS = [
  {
    path: `/api/dashboard/products${FIRST_PAGE}`,
    budgetMs: PAGE_BUDGET_MS,
    kept: true,
    afterChangeBudgetMs: PAGE_AFTER_CHANGE_BUDGET_MS,
  },
  {
    path: `/api/products${FIRST_PAGE}`,
    budgetMs: PAGE_BUDGET_MS,
    kept: true,
    afterChangeBudgetMs: PAGE_AFTER_CHANGE_BUDGET_MS,
  },
  {
    path: `/api/competitor-urls${FIRST_PAGE}`,
    budgetMs: PAGE_BUDGET_MS,
    kept: true,
    afterChangeBudgetMs: PAGE_AFTER_CHANGE_BUDGET_MS,
  },
  { path: '/api/dashboard/overview', budgetMs: 200, kept: false },
  { path: '/api/scraper/status', budgetMs: 100, kept: false },
  // The CSV downloads build their file on every call; API Gateway gives up on an integration at 30 s.
  { path: '/api/dashboard/export.csv', budgetMs: 10_000, kept: false },
  { path: '/api/competitor-urls/export.csv', budgetMs: 10_000, kept: false },
] as const;
/** Calls timed right after each kind of catalogue change, when a kept list is built again. */
const REBUILT_CALLS = 10;
/**
 * Past 10,000 products, runs timed per list: each ends with Finalize over every URL (48 s at
 * 300,000 URLs, bench:finalize), so 10 a list would take the bench 24 minutes; p95 of 3 is their worst.
 */
const REBUILT_RUNS_WHEN_LARGE = { fromProducts: 10_001, calls: 3 };
const CHANGES = ['a product edit', 'a competitor-URL edit', 'a scrape run'] as const;
type Change = (typeof CHANGES)[number];
/**
 * A list during a scrape run: staff looking once a second while the run records 50 checks a second
 * (20 shops at 400 ms spacing, as bench:scrape-large runs them).
 */
const DURING_RUN = { calls: 20, everyMs: 1_000, checksPerSecond: 50 };
/** The API functions' memory (infra/lib/route-functions.ts), which their peak heap is reported against. */
const API_MEMORY_MB = 1_024;
const FIGURES_MARKER = 'API_FIGURES ';

interface EndpointFigures {
  path: string;
  p50: number;
  p95: number;
  gzipBytes: number;
  /** Null when the answer is too large to send without gzip (406). */
  rawBytes: number | null;
  /** The most any call made (they should all make the same); for kept lists, a rebuilding call. */
  requests: number;
  continuationPages: number;
  /** Kept lists: p50 and p95 of calls right after each kind of change, which build the answer again. */
  rebuilt?: Record<Change, { p50: number; p95: number }>;
  /** Kept lists: p50 and p95 of calls while a run is going. */
  duringRun?: { p50: number; p95: number };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type RecordChecks = (runId: string, count: number) => Promise<void>;

async function timeDuringRun(url: string, token: string, settleMs: number, recordChecks: RecordChecks) {
  const { createRun, endRun } = await import('@cmp/functions/data/scrape-run.repository');
  const runId = `BENCH-RUN-${Date.now()}`;
  await createRun(runningRun(runId));
  let running = true;
  const checking = (async () => {
    while (running) {
      const started = performance.now();
      await recordChecks(runId, DURING_RUN.checksPerSecond);
      await sleep(Math.max(0, 1_000 - (performance.now() - started)));
    }
  })();
  await sleep(settleMs);
  const times: number[] = [];
  for (let i = 0; i < DURING_RUN.calls; i++) {
    const { ms } = await expectOk(url, token, true);
    times.push(ms);
    await sleep(Math.max(0, DURING_RUN.everyMs - ms));
  }
  running = false;
  await checking;
  const ended = { status: 'completed', completed_at: new Date().toISOString() } as const;
  const counts = { total_urls: 0, successful_urls: 0, failed_urls: 0, outcome_counts: countByOutcome([]) };
  await endRun(runId, { ...ended, ...counts, llm: null });
  await sleep(settleMs);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** URLs whose prices a timed run changes; the run checks (and its end snapshots) every URL. */
const RUN_CHANGED_URLS = 300;

/**
 * Makes each kind of change the way it happens: edits through the API; a run as its checks and
 * Finalize leave it (the run started, checks recorded on some URLs as ScrapeUrl records them, then
 * Finalize over every URL, with its snapshot), its end's announcement handled before the lists are
 * timed. `recordChecks` records checks of a run going, on the URLs in turn.
 */
async function changeMaker(stack: TestStack, token: string) {
  const { getProduct } = await import('@cmp/functions/data/product.repository');
  const { getCompetitorUrl, listCompetitorUrls } = await import(
    '@cmp/functions/data/competitor-url.repository'
  );
  const { recordResult } = await import('@cmp/functions/scrape-run/record-result');
  const { createRun } = await import('@cmp/functions/data/scrape-run.repository');
  const { finalizeRun } = await import('@cmp/functions/scrape-run/finalize');
  const { newRunId } = await import('@cmp/functions/scrape-run/run-id');
  const urls = await listCompetitorUrls();
  const urlIds = urls.map((url) => url.id);
  // The first seeded URL and its product are the ones edited (ids need not start at 1).
  const editedUrl = urls[0]?.id;
  const editedProduct = urls[0]?.product_id;
  if (editedUrl === undefined || editedProduct === undefined)
    throw new Error('The seeded catalogue has no competitor URL');
  let edits = 0;
  const finalizeTimes: number[] = [];
  const put = async (path: string, body: unknown) => {
    const response = await fetch(`${stack.url}${path}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`PUT ${path} answered ${response.status}`);
  };
  let nextChecked = 0;
  const recordChecks: RecordChecks = async (runId, count) => {
    const checked = Array.from({ length: count }, () => urls[nextChecked++ % urls.length]);
    await mapLimit(checked, 10, (url) =>
      url
        ? recordResult(runId, url, priceOutcome(10 + edits + (url.id % 100) / 100))
        : Promise.resolve(false),
    );
  };
  const run = async () => {
    const runId = newRunId();
    await createRun(runningRun(runId));
    nextChecked = 0;
    await recordChecks(runId, RUN_CHANGED_URLS);
    const started = performance.now();
    await finalizeRun(runId, urlIds);
    finalizeTimes.push(performance.now() - started);
    await stack.eventBus.idle();
    // On AWS the run's checks, Finalize and the alerts are Lambdas of their own: what they leave on
    // the heap is never the list function's to collect. Here they share the bench's process, so it
    // is collected before the list is timed (the lists' own garbage is still theirs).
    globalThis.gc?.();
  };
  const change = async (kind: Change) => {
    edits++;
    if (kind === 'a product edit') {
      const product = await getProduct(editedProduct);
      if (!product) throw new Error(`The seeded catalogue has no product ${editedProduct}`);
      const { sku, name, cost, category_id } = product;
      const price = 10 + edits / 100;
      await put(`/api/products/${editedProduct}`, { sku, name, cost, category_id, current_price: price });
    } else if (kind === 'a competitor-URL edit') {
      const url = await getCompetitorUrl(editedUrl);
      if (!url) throw new Error(`The seeded catalogue has no competitor URL ${editedUrl}`);
      const { product_id, url: address } = url;
      const edited = { product_id, url: address, competitor_name: `Shop ${edits}` };
      await put(`/api/competitor-urls/${editedUrl}`, edited);
    } else await run();
  };
  return { change, finalizeTimes, recordChecks };
}

interface SizeFigures {
  endpoints: EndpointFigures[];
  /** Finalize at the end of each timed run: the run's counts and the URLs' snapshot. */
  finalizeMs: number[];
  /** The most the functions' heap held while the endpoints were timed, in MB. */
  peakHeapMb: number;
  /**
   * What the three lists keep between calls, in MB: the heap after a full collection at rest once
   * every list was timed, less the heap after one before any was asked for.
   */
  keptHeapMb: number;
}

/** The heap after a full collection, in MB (the child runs with --expose-gc). */
function collectedHeapMb(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed / (1024 * 1024);
}

/** Samples the heap every 50 ms (the stand-in's tables are on their own thread, decision 62). */
function heapWatch() {
  let peak = process.memoryUsage().heapUsed;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 50);
  return {
    stop: () => {
      clearInterval(timer);
      return peak / (1024 * 1024);
    },
  };
}

async function measureSize(products: number): Promise<SizeFigures> {
  // DynamoDB's stand-in on a thread of its own: its tables stay out of the functions' heap, as
  // DynamoDB's do on AWS, so a collection of that heap is the functions' alone (decision 62).
  const { stack, token } = await startSeededStack(products, { dynamoThread: 'worker' });
  try {
    const pages = await watchContinuationPages();
    const figures: EndpointFigures[] = [];
    const { change, finalizeTimes, recordChecks } = await changeMaker(stack, token);
    const { SETTLE_MS } = await import('@cmp/functions/http/catalogue-cache');
    const heapBeforeLists = collectedHeapMb();
    const heap = heapWatch();
    for (const { path, kept } of ENDPOINTS) {
      const url = `${stack.url}${path}`;
      for (let i = 0; i < WARM_UP_CALLS; i++) await expectOk(url, token, true);
      const times: number[] = [];
      let requests = 0;
      let continuationPages = 0;
      let gzipBytes = 0;
      // One call at a time, so the stand-in's counters belong to this call alone.
      const timeCall = async (into: number[]) => {
        const requestsBefore = stack.dynamo.totalRequests();
        const pagesBefore = pages.count();
        const answer = await expectOk(url, token, true);
        into.push(answer.ms);
        gzipBytes = answer.bytes;
        requests = Math.max(requests, stack.dynamo.totalRequests() - requestsBefore);
        continuationPages = Math.max(continuationPages, pages.count() - pagesBefore);
      };
      await profiled(`api-${products}${path}`, async () => {
        for (let i = 0; i < CALLS; i++) await timeCall(times);
      });
      const rebuilt = {} as Record<Change, { p50: number; p95: number }>;
      for (const kind of kept ? CHANGES : []) {
        const rebuiltTimes: number[] = [];
        const calls =
          kind === 'a scrape run' && products >= REBUILT_RUNS_WHEN_LARGE.fromProducts
            ? REBUILT_RUNS_WHEN_LARGE.calls
            : REBUILT_CALLS;
        await profiled(`api-${products}${path}-after-${kind}`, async () => {
          for (let i = 0; i < calls; i++) {
            await change(kind);
            await timeCall(rebuiltTimes);
          }
        });
        rebuilt[kind] = { p50: percentile(rebuiltTimes, 50), p95: percentile(rebuiltTimes, 95) };
        // Back to a catalogue at rest: each kind of change is timed from kept records.
        await sleep(SETTLE_MS);
        await expectOk(url, token, true);
      }
      // During a run: at the largest size measured (a size of its own with --one 100000).
      const duringRun =
        kept && products >= Math.max(...SIZES)
          ? await timeDuringRun(url, token, SETTLE_MS, recordChecks)
          : undefined;
      // Past Lambda's 6 MB the API answers 406 to clients that do not take gzip.
      const raw = await timedGet(url, { token, gzip: false });
      if (raw.status !== 200 && raw.status !== 406) throw new Error(`GET ${url} answered ${raw.status}`);
      figures.push({
        path,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        gzipBytes,
        rawBytes: raw.status === 200 ? raw.bytes : null,
        requests,
        continuationPages,
        ...(kept ? { rebuilt } : {}),
        ...(duringRun ? { duringRun } : {}),
      });
      // All of it as it is measured: a long run's figures outlive a later endpoint's failure.
      console.error(`api: ${products} products, ${path}: ${JSON.stringify(figures.at(-1))}`);
    }
    const peakHeapMb = heap.stop();
    return {
      endpoints: figures,
      finalizeMs: finalizeTimes,
      peakHeapMb,
      keptHeapMb: collectedHeapMb() - heapBeforeLists,
    };
  } finally {
    await stack.stop();
  }
}

async function expectOk(url: string, token: string, gzip: boolean) {
  const answer = await timedGet(url, { token, gzip });
  if (answer.status !== 200) throw new Error(`GET ${url} answered ${answer.status}`);
  return answer;
}

function rowsFor(bySize: Map<number, SizeFigures>): BenchRow[] {
  const rows: BenchRow[] = [];
  const smallest = Math.min(...bySize.keys());
  const largest = Math.max(...bySize.keys());
  for (const [size, { endpoints, finalizeMs, peakHeapMb, keptHeapMb }] of [...bySize].sort(
    ([a], [b]) => b - a,
  )) {
    const at = `API ${size.toLocaleString('en-GB')} products`;
    rows.push({
      figure: `${at}: the whole local stack's peak heap while timed (every function in one process; an API Lambda has ${API_MEMORY_MB} MB)`,
      value: peakHeapMb,
      unit: 'MB',
    });
    rows.push({
      figure: `${at}: what the three lists keep between calls, after a full collection (one API Lambda has ${API_MEMORY_MB} MB)`,
      value: keptHeapMb,
      unit: 'MB',
      budget: API_MEMORY_MB,
    });
    if (size === largest && finalizeMs.length > 0)
      rows.push({
        figure: `${at}: Finalize of a run over every URL (counts and the URLs' snapshot), p50 of ${finalizeMs.length}`,
        value: percentile(finalizeMs, 50),
        unit: 'ms',
      });
    for (const [i, f] of endpoints.entries()) {
      const budgetMs = ENDPOINTS[i]?.budgetMs;
      const afterChangeBudgetMs = (ENDPOINTS[i] as { afterChangeBudgetMs?: number } | undefined)
        ?.afterChangeBudgetMs;
      if (size === largest) {
        rows.push({ figure: `${at}: GET ${f.path} p50`, value: f.p50, unit: 'ms' });
        rows.push({
          figure: `${at}: GET ${f.path} p95${f.rebuilt ? ' (kept answer)' : ''}`,
          value: f.p95,
          unit: 'ms',
          budget: budgetMs,
        });
        for (const [kind, rebuilt] of Object.entries(f.rebuilt ?? {})) {
          const after = `${at}: GET ${f.path} right after ${kind}`;
          rows.push({ figure: `${after}, p50`, value: rebuilt.p50, unit: 'ms' });
          rows.push({ figure: `${after}, p95`, value: rebuilt.p95, unit: 'ms', budget: afterChangeBudgetMs });
        }
        if (f.duringRun) {
          const during = `${at}: GET ${f.path} once a second while a run records ${DURING_RUN.checksPerSecond} checks a second`;
          rows.push({ figure: `${during}, p50`, value: f.duringRun.p50, unit: 'ms' });
          rows.push({
            figure: `${during}, p95`,
            value: f.duringRun.p95,
            unit: 'ms',
            budget: PAGE_AFTER_CHANGE_BUDGET_MS,
          });
        }
        rows.push({
          figure: `${at}: GET ${f.path} gzip`,
          value: f.gzipBytes / 1024,
          unit: 'KB',
          ...(f.rebuilt ? { budget: PAGE_GZIP_BUDGET_KB } : {}),
        });
        rows.push(
          f.rawBytes === null
            ? { figure: `${at}: GET ${f.path} without gzip: 406, over Lambda's 6 MB`, value: 406, unit: '' }
            : { figure: `${at}: GET ${f.path} uncompressed`, value: f.rawBytes / 1024, unit: 'KB' },
        );
      } else {
        rows.push({ figure: `${at}: GET ${f.path} p95`, value: f.p95, unit: 'ms' });
      }
      rows.push({
        figure: `${at}: GET ${f.path} DynamoDB requests/call (${f.continuationPages} of them 1 MB pages)`,
        value: f.requests,
        unit: '',
      });
    }
  }
  // The size-independence check: queries per call (requests less continuation pages) stay put.
  const small = bySize.get(smallest)?.endpoints ?? [];
  for (const [i, f] of (bySize.get(largest)?.endpoints ?? []).entries()) {
    const base = small[i];
    if (!base || smallest === largest) continue;
    rows.push({
      figure: `API GET ${f.path} queries/call without 1 MB pages, ${largest} vs ${smallest} products`,
      value: f.requests - f.continuationPages,
      unit: '',
      budget: base.requests - base.continuationPages,
    });
  }
  return rows;
}

/** Measures `size` in a child process of its own (the functions read their settings once). */
function measureInChild(size: number): SizeFigures {
  const child = spawnSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), '--child', String(size)],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 16 * 1024 * 1024 },
  );
  const line = child.stdout.split('\n').find((l) => l.startsWith(FIGURES_MARKER));
  if (child.status !== 0 || !line)
    throw new Error(`Measuring ${size} products failed (exit ${child.status})`);
  return JSON.parse(line.slice(FIGURES_MARKER.length)) as SizeFigures;
}

async function main() {
  const child = process.argv.indexOf('--child');
  if (child >= 0) {
    const figures = await measureSize(Number(process.argv[child + 1]));
    console.log(`${FIGURES_MARKER}${JSON.stringify(figures)}`);
    return;
  }
  const one = process.argv.indexOf('--one');
  const sizes = one >= 0 ? [Number(process.argv[one + 1])] : SIZES;
  if (sizes.some((size) => !Number.isInteger(size) || size < 1))
    throw new Error('--one must be followed by a number of products');
  emitRows(rowsFor(new Map(sizes.map((size) => [size, measureInChild(size)]))));
}

await main();
