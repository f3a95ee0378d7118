/**
 * `npm run bench:load`: 50 clients at once for 30 s against a local stack with 10,000 products
 * (`--products N`), each looping over a mix of the list and status calls on loopback. Reports
 * errors (budget 0), throughput and p95. The loops end at the deadline, and every call times out.
 * BENCH_PROFILE_DIR=dir writes a CPU profile of the 30 s there.
 */

import { type BenchRow, emitRows } from './bench-report';
import { productsArg, startSeededStack } from './bench-stack';
import { profiled } from './cpu-profile';
import { percentile, timedGet } from './measure';

const CLIENTS = 50;
const DURATION_MS = 30_000;
const CALL_TIMEOUT_MS = 30_000;
/** What a screen's worth of users do: mostly the status poll, now and then a list's first page. */
const MIX = [
  '/api/scraper/status',
  '/api/scraper/status',
  '/api/dashboard/overview',
  '/api/dashboard/products?page=1&page_size=20',
  '/api/scraper/status',
  '/api/products?page=1&page_size=20',
  '/api/scraper/status',
  '/api/competitor-urls?page=1&page_size=20',
] as const;

interface ClientResult {
  times: { path: string; ms: number }[];
  errors: string[];
}

async function client(base: string, token: string, offset: number, deadline: number): Promise<ClientResult> {
  const result: ClientResult = { times: [], errors: [] };
  // Bounded twice: by the deadline, and by a count no client can reach at loopback speed.
  for (let call = 0; call < 100_000 && performance.now() < deadline; call++) {
    const path = MIX[(offset + call) % MIX.length] ?? MIX[0];
    try {
      const answer = await timedGet(`${base}${path}`, { token, gzip: true, timeoutMs: CALL_TIMEOUT_MS });
      if (answer.status === 200) result.times.push({ path, ms: answer.ms });
      else result.errors.push(`${path}: HTTP ${answer.status}`);
    } catch (error) {
      result.errors.push(`${path}: ${(error as Error).message}`);
    }
  }
  return result;
}

async function main() {
  const products = productsArg(10_000);
  const { stack, token } = await startSeededStack(products);
  try {
    const started = performance.now();
    const deadline = started + DURATION_MS;
    const results = await profiled(`load-${products}`, () =>
      Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(stack.url, token, i, deadline))),
    );
    // Calls in flight at the deadline finish, so the run lasts a little longer than 30 s.
    const seconds = (performance.now() - started) / 1000;
    const calls = results.flatMap((r) => r.times);
    const times = calls.map((c) => c.ms);
    const errors = results.flatMap((r) => r.errors);
    for (const error of new Set(errors)) console.error(`load: ${error}`);
    const at = `load ${CLIENTS} clients × ${DURATION_MS / 1000} s, ${products.toLocaleString('en-GB')} products`;
    const rows: BenchRow[] = [
      { figure: `${at}: errors`, value: errors.length, unit: '', budget: 0 },
      { figure: `${at}: calls`, value: times.length + errors.length, unit: '' },
      { figure: `${at}: throughput`, value: times.length / seconds, unit: 'calls/s' },
    ];
    if (times.length > 0) {
      rows.push({ figure: `${at}: p50`, value: percentile(times, 50), unit: 'ms' });
      rows.push({ figure: `${at}: p95`, value: percentile(times, 95), unit: 'ms' });
    }
    for (const path of new Set(MIX)) {
      const ofPath = calls.filter((c) => c.path === path).map((c) => c.ms);
      if (ofPath.length > 0)
        rows.push({ figure: `${at}: GET ${path} p95`, value: percentile(ofPath, 95), unit: 'ms' });
    }
    emitRows(rows);
  } finally {
    await stack.stop();
  }
}

await main();
