/**
 * A realistic catalogue for the benchmarks: N products (default 10,000) in 20 categories, three
 * competitor URLs each, one completed scrape run per day for 30 days, price records and each URL's
 * latest observation. Products and URLs go through the CSV imports' code (written in batches), the
 * runs and records through the repositories the scrape run uses.
 *
 * Price history: dynalite writes about 2,000–3,000 items a second here, so 30 days for every URL
 * (900,000 records at 10,000 products) would take several minutes per benchmark. Every URL gets
 * the last day's record; a sample (`--history-urls`, default 1,000 URLs) gets all 30 days. None
 * of the benchmarked endpoints reads price records (they are read per URL, by key), so the sample
 * changes no figure; `--history-urls all` writes everything for a patient manual look.
 *
 * Alone: `npm run bench:seed -- --products 1000` seeds an in-memory stack and prints what it wrote;
 * `DATA_DIR=.data npm run bench:seed` seeds the data directory `npm start` uses (stop it first).
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { provideSettings, type SettingsSource } from '@cmp/functions/config';
import { seededRandom } from '@cmp/functions/test-support/seeded-random';
import { competitorNameFromUrl } from '@cmp/shared';
import { startTsWorker } from '../local/ts-worker';

export interface SeedOptions {
  products: number;
  /** URLs that get the full 30 days of price history; the others get the last day only. */
  historyUrls?: number;
  log?: (line: string) => void;
}

export interface SeedSummary {
  products: number;
  categories: number;
  competitorUrls: number;
  runs: number;
  priceRecords: number;
  urlsWithFullHistory: number;
  seconds: number;
}

export const DEFAULT_PRODUCTS = 10_000;
export const DEFAULT_HISTORY_URLS = 1_000;
const CATEGORIES = 20;
const DAYS = 30;
/** The competitors' hosts; the import names each competitor after its host. */
const COMPETITORS = ['www.argos.co.uk', 'www.currys.co.uk', 'www.johnlewis.com'] as const;
/** Writes in flight at once: enough to keep dynalite busy, few enough for the SDK's 50 sockets. */
const CONCURRENCY = 32;
/** The share of checks that find no price, as real shops give (blocked, moved, timed out). */
const FAILURE_RATE = 0.04;

const ADJECTIVES = ['Cordless', 'Stainless', 'Compact', 'Smart', 'Digital', 'Premium', 'Portable', 'Classic'];
const NOUNS = ['Kettle', 'Toaster', 'Blender', 'Vacuum', 'Headphones', 'Speaker', 'Air Fryer', 'Monitor'];

const money = (value: number) => Math.round(value * 100) / 100;

/** Runs `task(0..count-1)` with at most `limit` in flight. */
async function forEachLimited(count: number, limit: number, task: (i: number) => Promise<unknown>) {
  let next = 0;
  const worker = async () => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
}

/** Seeds the running stack's table; call after the stack started (the repositories read its settings). */
export async function seedCatalogue(options: SeedOptions): Promise<SeedSummary> {
  const log = options.log ?? console.log;
  const started = performance.now();
  const { importProducts } = await import('@cmp/functions/catalogue/csv/product-import');
  const { importCompetitorUrls } = await import('@cmp/functions/catalogue/csv/competitor-import');
  const { listProducts } = await import('@cmp/functions/data/product.repository');
  const { listCompetitorUrls } = await import('@cmp/functions/data/competitor-url.repository');
  const { recordLatestObservation } = await import('@cmp/functions/data/url-price-state.repository');
  const { putPriceRecord } = await import('@cmp/functions/data/price-record.repository');
  const { createRun } = await import('@cmp/functions/data/scrape-run.repository');
  const { newRunId } = await import('@cmp/functions/scrape-run/run-id');

  const productCount = options.products;
  const urlCount = productCount * COMPETITORS.length;
  const historyUrls = Math.min(options.historyUrls ?? DEFAULT_HISTORY_URLS, urlCount);
  const skuOf = (i: number) => `SKU-${String(i + 1).padStart(6, '0')}`;
  const urlOf = (u: number) =>
    `https://${COMPETITORS[u % COMPETITORS.length] ?? COMPETITORS[0]}/p/${skuOf(Math.floor(u / COMPETITORS.length))}`;

  // Products and URLs through the CSV import's batches (a claim and a 25th of a batch write a row),
  // in files of at most the rows an uploaded file may hold.
  const prices: number[] = [];
  const productRows = Array.from({ length: productCount }, (_, i) => {
    // A stream per item: the order writes finish in cannot change the catalogue, so runs compare.
    const rand = seededRandom(i);
    const price = money(5 + rand() * 495);
    prices[i] = price;
    const cost = i % 7 === 0 ? '' : money(price * (0.5 + rand() * 0.3)).toFixed(2);
    // One product in ten stays uncategorised, as imports leave them.
    const category = i % 10 === 9 ? '' : `Category ${(i % CATEGORIES) + 1}`;
    const name = `${ADJECTIVES[i % ADJECTIVES.length]} ${NOUNS[(i >> 3) % NOUNS.length]} ${i + 1}`;
    return `${skuOf(i)},${name},${price.toFixed(2)},${cost},${category}`;
  });
  await importInFiles('SKU,Product Name,Current Price,Cost,Category', productRows, importProducts);
  log(`seed: ${productCount} products (${elapsed(started)})`);
  const urlRows = Array.from(
    { length: urlCount },
    (_, u) => `${skuOf(Math.floor(u / COMPETITORS.length))},${urlOf(u)}`,
  );
  await importInFiles('SKU,Competitor URL', urlRows, importCompetitorUrls);
  log(`seed: ${urlCount} competitor URLs (${elapsed(started)})`);
  const productIds = new Map((await listProducts()).map((product) => [product.sku, product.id]));
  const urlIds = new Map((await listCompetitorUrls()).map((url) => [url.url, url.id]));
  const productIdOf = (product: number) => productIds.get(skuOf(product)) ?? 0;

  // One completed daily run per day, oldest first, as the schedule leaves them.
  const today = Date.UTC(2026, 10, 22, 6, 0, 0);
  const runs = Array.from({ length: DAYS }, (_, d) => {
    const startedAt = new Date(today - (DAYS - 1 - d) * 86_400_000);
    return { runId: newRunId(startedAt, 'seed'), startedAt };
  });
  const failuresPerRun = Math.round(urlCount * FAILURE_RATE);
  for (const { runId, startedAt } of runs) {
    await createRun({
      run_id: runId,
      status: 'completed',
      triggered_by: 'schedule',
      started_at: startedAt.toISOString(),
      completed_at: new Date(startedAt.getTime() + 40 * 60_000).toISOString(),
      total_urls: urlCount,
      successful_urls: urlCount - failuresPerRun,
      failed_urls: failuresPerRun,
      product_id: null,
      execution_arn: null,
      error_message: null,
    });
  }

  let priceRecords = 0;
  await forEachLimited(urlCount, CONCURRENCY, async (u) => {
    const product = Math.floor(u / COMPETITORS.length);
    const url = urlOf(u);
    const urlId = urlIds.get(url) ?? 0;
    const rand = seededRandom(1_000_000_007 + u);
    const base = (prices[product] ?? 10) * (0.85 + rand() * 0.3);
    const days = u < historyUrls ? runs : runs.slice(-1);
    let latest: Parameters<typeof recordLatestObservation>[1] | undefined;
    for (const [d, { runId, startedAt }] of days.entries()) {
      const failed = rand() < FAILURE_RATE;
      const observation = {
        run_id: runId,
        price: failed ? null : money(base * (0.97 + rand() * 0.06)),
        currency: failed ? null : 'GBP',
        in_stock: failed ? null : rand() > 0.1,
        confidence: failed ? null : 0.95,
        scraped_at: new Date(startedAt.getTime() + (u % 2400) * 1000).toISOString(),
        error_message: failed ? 'HTTP 503' : null,
        outcome: failed ? ('failed' as const) : ('ok' as const),
        message: failed ? 'HTTP 503' : 'Price found',
      };
      await putPriceRecord({
        ...observation,
        competitor_url_id: urlId,
        product_id: productIdOf(product),
        competitor_name: competitorNameFromUrl(url),
        competitor_url: url,
        llm_response: null,
        tier: 'structured',
      });
      priceRecords++;
      if (d === days.length - 1) latest = observation;
    }
    // As a run's checks leave it: a price found becomes the accepted one, a failed check keeps it.
    const unreachable = latest?.outcome === 'failed';
    if (latest)
      await recordLatestObservation(urlId, latest, {
        effect: unreachable ? 'keep' : 'accept',
        unreachable,
      });
  });
  const summary: SeedSummary = {
    products: productCount,
    categories: CATEGORIES,
    competitorUrls: urlCount,
    runs: DAYS,
    priceRecords,
    urlsWithFullHistory: historyUrls,
    seconds: (performance.now() - started) / 1000,
  };
  log(
    `seed: ${summary.products} products in ${summary.categories} categories, ${summary.competitorUrls} competitor URLs ` +
      `with their latest observation, ${summary.runs} daily runs, ${summary.priceRecords} price records ` +
      `(30 days for ${summary.urlsWithFullHistory} URLs, the last day for the rest) in ${summary.seconds.toFixed(1)} s`,
  );
  return summary;
}

/**
 * Seeds from a worker thread: the SDK's work (about 60% of a seed's CPU, profiled) then runs on
 * the other core while the stack's dynalite answers on this one. The worker's repositories reach
 * the same table: the worker provides them the stack's settings.
 */
export function seedInWorker(
  settings: SettingsSource,
  options: Omit<SeedOptions, 'log'>,
): Promise<SeedSummary> {
  const worker = startTsWorker(import.meta.url, { settings, options });
  return new Promise((resolve, reject) => {
    worker.once('message', (summary: SeedSummary) => {
      resolve(summary);
      // Its SDK client keeps sockets open, which would keep the thread alive.
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The seed worker stopped (exit ${code})`)));
  });
}

/** Imports `rows` under `header` in files of at most MAX_UPLOADED_IMPORT_ROWS rows; fails on a refused row. */
async function importInFiles(
  header: string,
  rows: readonly string[],
  importFile: (csv: string, maxRows: number) => Promise<{ errors: string[] }>,
) {
  const { MAX_UPLOADED_IMPORT_ROWS } = await import('@cmp/functions/catalogue/csv/import-limits');
  for (let first = 0; first < rows.length; first += MAX_UPLOADED_IMPORT_ROWS) {
    const { errors } = await importFile(
      [header, ...rows.slice(first, first + MAX_UPLOADED_IMPORT_ROWS)].join('\n'),
      MAX_UPLOADED_IMPORT_ROWS,
    );
    if (errors.length > 0)
      throw new Error(`The seed's import refused rows: ${errors.slice(0, 3).join('; ')}`);
  }
}

const elapsed = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

async function main() {
  const { values } = parseArgs({
    options: { products: { type: 'string' }, 'history-urls': { type: 'string' } },
  });
  const products = Number(values.products ?? DEFAULT_PRODUCTS);
  const history = values['history-urls'];
  const historyUrls = history === 'all' ? Number.POSITIVE_INFINITY : Number(history ?? DEFAULT_HISTORY_URLS);
  if (!Number.isInteger(products) || products < 1) throw new Error('--products must be a positive integer');
  if (Number.isNaN(historyUrls) || historyUrls < 0)
    throw new Error('--history-urls must be a number or "all"');

  const { startLocalStack } = await import('../local/stack');
  const dataDir = process.env.DATA_DIR;
  const stack = await startLocalStack({
    port: 0,
    serveWeb: false,
    log: () => undefined,
    ...(dataDir ? { dataDir } : {}),
    admin: {
      ...(process.env.ADMIN_EMAIL ? { email: process.env.ADMIN_EMAIL } : {}),
      ...(process.env.ADMIN_PASSWORD ? { password: process.env.ADMIN_PASSWORD } : {}),
    },
  });
  try {
    const { countProducts } = await import('@cmp/functions/data/product.repository');
    if ((await countProducts()) > 0)
      throw new Error(`${dataDir ?? 'The table'} already has products; seed an empty data directory`);
    if (stack.createdAdmin?.generated)
      console.log(`Created ${stack.createdAdmin.email} with password ${stack.createdAdmin.password}`);
    await seedInWorker(stack.settings, { products, historyUrls });
    console.log(
      dataDir ? `Seeded ${dataDir}; see it with DATA_DIR=${dataDir} npm start` : 'Seeded in memory.',
    );
  } finally {
    await stack.stop();
  }
}

if (!isMainThread && parentPort) {
  const { settings, options } = workerData as { settings: SettingsSource; options: SeedOptions };
  provideSettings(settings);
  // Progress to stderr: stdout carries the benchmarks' figures.
  const summary = await seedCatalogue({ ...options, log: (line) => console.error(line) });
  parentPort.postMessage(summary);
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await main();
}
