/**
 * `npm run bench:scrape`: a scrape run over 500 URLs on a local shop that answers each page after
 * 100 ms, at MaxConcurrency 10 and 40, against the ideal wall time (URLs × 0.1 s / concurrency).
 * Each concurrency runs in its own process, since the functions read their settings once.
 * The whole local stack runs in that process, so its CPU time over the run (every thread) divided by
 * the machine's cores is the least wall time this machine allows, whatever the orchestration does.
 * BENCH_PROFILE_DIR=dir writes a CPU profile of each run there.
 */
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Product } from '@cmp/shared';
import { startFixtureShop } from '../test/support/fixture-shop';
import { startTestStack } from '../test/support/test-stack';
import { type BenchRow, emitRows, ROWS_MARKER } from './bench-report';
import { profiled } from './cpu-profile';

const URLS = 500;
const PAGE_DELAY_MS = 100;
const CONCURRENCIES = [10, 40];
const BUDGET_FACTOR = 1.3;

interface Measured {
  seconds: number;
  cpuSeconds: number;
}

async function measure(concurrency: number): Promise<Measured> {
  const shop = await startFixtureShop({ delayMs: PAGE_DELAY_MS });
  const stack = await startTestStack({
    env: { SCRAPER_ALLOW_HOSTS: shop.hostPort, SCRAPE_MAX_CONCURRENCY: String(concurrency) },
  });
  try {
    const token = await stack.login();
    const { createProduct } = await import('@cmp/functions/data/product.repository');
    const { createCompetitorUrl } = await import('@cmp/functions/data/competitor-url.repository');
    let product: Pick<Product, 'id'> | undefined;
    for (let n = 0; n < URLS; n++) {
      if (n % 5 === 0) {
        product = await createProduct({
          sku: `B-${n}`,
          name: `Bench ${n}`,
          current_price: 10,
          cost: null,
          category_id: null,
        });
      }
      await createCompetitorUrl({
        product_id: product?.id ?? 0,
        competitor_name: 'Bench',
        url: `${shop.origin}/p/${n}`,
      });
    }
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    await profiled(`scrape-${concurrency}`, async () => {
      const answer = await stack.api('POST', '/api/scraper/run', { token, body: {} });
      if (answer.status !== 202) throw new Error(`The run did not start: ${JSON.stringify(answer.body)}`);
      await stack.stepFunctions.idle();
    });
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    if (shop.requests() < URLS) throw new Error(`Only ${shop.requests()} of ${URLS} pages were fetched`);
    return { seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
  } finally {
    await stack.stop();
    await shop.close();
  }
}

async function main() {
  const only = process.argv[2];
  if (only) {
    console.log(`${ROWS_MARKER.trim()}_ONE ${JSON.stringify(await measure(Number(only)))}`);
    return;
  }
  const rows: BenchRow[] = [];
  for (const concurrency of CONCURRENCIES) {
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(import.meta.url), String(concurrency)],
      {
        encoding: 'utf8',
      },
    );
    const line = /BENCH_ROWS_ONE (.+)/.exec(child.stdout)?.[1];
    if (child.status !== 0 || !line)
      throw new Error(`Measuring concurrency ${concurrency} failed:\n${child.stderr}`);
    const { seconds, cpuSeconds } = JSON.parse(line) as Measured;
    const ideal = (URLS * PAGE_DELAY_MS) / 1000 / concurrency;
    const cores = availableParallelism();
    rows.push({
      figure: `scrape ${URLS} URLs, MaxConcurrency ${concurrency}: wall time`,
      value: seconds,
      unit: 's',
    });
    rows.push({
      figure: `scrape ${URLS} URLs, MaxConcurrency ${concurrency}: × ideal (${ideal} s)`,
      value: seconds / ideal,
      unit: '×',
      budget: BUDGET_FACTOR,
    });
    rows.push({
      figure: `scrape ${URLS} URLs, MaxConcurrency ${concurrency}: CPU per URL (whole local stack)`,
      value: (cpuSeconds * 1000) / URLS,
      unit: 'ms',
    });
    rows.push({
      figure: `scrape ${URLS} URLs, MaxConcurrency ${concurrency}: CPU ÷ ${cores} cores, × ideal (floor here)`,
      value: cpuSeconds / cores / ideal,
      unit: '×',
    });
  }
  emitRows(rows);
}

await main();
