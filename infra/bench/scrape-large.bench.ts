/**
 * `npm run bench:scrape-large`: one whole-catalogue run at scale against its politeness bound
 * (issue 30). `--urls N` URLs (default 6,000; the issue's figure is `--urls 300000`) on 20 loopback
 * shops, imported as CSV files of at most 10,000 rows, each page answering after 20 ms. Every shop
 * is paced with its start-to-start spacing shortened to `--spacing-ms` (default 400: at 20 shops a
 * run then needs 50 checks a second, which this machine's two cores keep up with, so the bound is
 * the shops' pace and not the CPU). The bound is the busiest shop's URLs × the spacing
 * (run-estimate.ts), the same figure the status's `estimated_finish_at` starts from.
 *
 * Reported: the run's wall time and its ratio to the bound, the status's first estimate against the
 * wall time, how long a stop takes to answer in a second run stopped a tenth of the way in, and the
 * process's peak memory (the whole local stack: dynalite's tables, the state machine, every handler).
 * At 300,000 URLs and the default spacing the run alone takes about 100 minutes here.
 */
import { parseArgs } from 'node:util';
import { loopbackHosts, startFixtureShop } from '../test/support/fixture-shop';
import { type Answer, type ApiResponse, startTestStack, type TestStack } from '../test/support/test-stack';
import { type BenchRow, emitRows } from './bench-report';

const HOSTS = 20;
const URLS_PER_PRODUCT = 4;
/** Rows per CSV file, as a retailer would split a big catalogue. */
const ROWS_PER_FILE = 10_000;
const PAGE_DELAY_MS = 20;
/** Pages at once: 2 in flight on each of the 20 shops. */
const MAX_CONCURRENCY = 40;

const { values } = parseArgs({
  options: { urls: { type: 'string', default: '6000' }, 'spacing-ms': { type: 'string', default: '400' } },
});
const urls = Number(values.urls);
const spacingMs = Number(values['spacing-ms']);
if (!Number.isSafeInteger(urls) || urls < HOSTS * URLS_PER_PRODUCT || !(spacingMs > 0))
  throw new Error(`--urls must be at least ${HOSTS * URLS_PER_PRODUCT} and --spacing-ms above 0`);
const products = Math.ceil(urls / URLS_PER_PRODUCT);

/** Imports a CSV; a file the answer did not wait for is followed to its end. */
async function importFile(
  stack: TestStack,
  token: string,
  route: 'POST /api/products/import' | 'POST /api/competitor-urls/import',
  content: string,
) {
  const answer: ApiResponse<Answer<typeof route>> = await stack.upload(route, token, {
    name: 'bench.csv',
    content,
  });
  const job = answer.status === 202 && 'import' in answer.body ? answer.body.import : undefined;
  if (!job) {
    if (answer.status !== 200) throw new Error(`Import refused: ${JSON.stringify(answer.body)}`);
    return;
  }
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const read = await stack.api('GET /api/imports/{id}', { token, params: { id: job.id } });
    if (read.body.import?.status === 'failed') throw new Error(`Import failed: ${JSON.stringify(read.body)}`);
    if (read.body.import?.status === 'completed') return;
  }
}

async function seed(stack: TestStack, token: string, urlOf: (product: number, slot: number) => string) {
  const sku = (n: number) => `L-${n}`;
  for (let from = 0; from < products; from += ROWS_PER_FILE) {
    const to = Math.min(products, from + ROWS_PER_FILE);
    const numbers = Array.from({ length: to - from }, (_, i) => from + i);
    await importFile(
      stack,
      token,
      'POST /api/products/import',
      ['SKU,Product Name,Current Price', ...numbers.map((n) => `${sku(n)},Large ${n},20`)].join('\n'),
    );
    const header = ['SKU', ...Array.from({ length: URLS_PER_PRODUCT }, (_, i) => `Shop ${i + 1}`)];
    const rows = numbers.map((n) => [
      sku(n),
      ...Array.from({ length: URLS_PER_PRODUCT }, (_, slot) => urlOf(n, slot)),
    ]);
    await importFile(
      stack,
      token,
      'POST /api/competitor-urls/import',
      [header, ...rows].map((row) => row.join(',')).join('\n'),
    );
  }
}

async function main() {
  const shop = await startFixtureShop({ delayMs: PAGE_DELAY_MS, hosts: loopbackHosts(HOSTS) });
  const stack = await startTestStack({
    env: { SCRAPER_ALLOW_HOSTS: shop.allowHosts, SCRAPE_MAX_CONCURRENCY: String(MAX_CONCURRENCY) },
    hostOnly: { weakPasswordHashingForTests: true, hostSpacingMsForTests: spacingMs },
  });
  try {
    const token = await stack.login();
    const seeding = performance.now();
    // A product's URLs are on consecutive shops, so every shop has the same share.
    await seed(stack, token, (n, slot) => `${shop.originOf(n * URLS_PER_PRODUCT + slot)}/p/${n}-${slot}`);
    const seedSeconds = (performance.now() - seeding) / 1000;
    const total = (await stack.scraperStatus(token)).total_competitor_urls;
    const boundSeconds = (Math.ceil(total / HOSTS) * spacingMs) / 1000;

    const started = performance.now();
    await stack.api('POST /api/scraper/run', { token, body: {} });
    let firstEstimate: string | null = null;
    while (!firstEstimate && performance.now() - started < 60_000) {
      firstEstimate = (await stack.scraperStatus(token)).estimated_finish_at;
      if (!firstEstimate) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const startedAt = Date.now() - (performance.now() - started);
    await stack.stepFunctions.idle();
    const runSeconds = (performance.now() - started) / 1000;
    const [log] = await stack.scraperLogs(token);
    if (log?.status !== 'completed' || log.total_urls !== total)
      throw new Error(`The run did not complete over every URL: ${JSON.stringify(log)}`);

    // A second run, stopped a tenth of the way in.
    await stack.api('POST /api/scraper/run', { token, body: {} });
    while ((await stack.scraperStatus(token)).current_stats.successful_urls < total / 10)
      await new Promise((resolve) => setTimeout(resolve, 500));
    const stopping = performance.now();
    const stopped = await stack.api('POST /api/scraper/stop', { token, body: {} });
    const stopSeconds = (performance.now() - stopping) / 1000;
    if (stopped.status !== 200) throw new Error(`The stop failed: ${JSON.stringify(stopped.body)}`);
    await stack.stepFunctions.idle();

    const name = `scrape-large ${total} URLs on ${HOSTS} hosts, ${spacingMs} ms apart, MaxConcurrency ${MAX_CONCURRENCY}`;
    const rows: BenchRow[] = [
      { figure: `${name}: seeding through CSV imports`, value: seedSeconds, unit: 's' },
      { figure: `${name}: run wall time`, value: runSeconds, unit: 's' },
      {
        figure: `${name}: × politeness bound (${boundSeconds} s: ${Math.ceil(total / HOSTS)} URLs a shop × ${spacingMs} ms)`,
        value: runSeconds / boundSeconds,
        unit: '×',
        budget: 1.2,
      },
      {
        figure: `${name}: first estimated_finish_at ÷ the run's wall time`,
        value: firstEstimate ? (Date.parse(firstEstimate) - startedAt) / 1000 / runSeconds : 0,
        unit: '×',
      },
      { figure: `${name}: stop answered, a tenth of the way in`, value: stopSeconds, unit: 's', budget: 3 },
      {
        figure: `${name}: peak memory of the whole local stack`,
        value: process.resourceUsage().maxRSS / 1024,
        unit: 'MB',
      },
    ];
    emitRows(rows);
  } finally {
    await stack.stop();
    await shop.close();
  }
}

await main();
