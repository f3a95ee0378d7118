/**
 * `npm run bench:finalize`: the end of a big run (issue 30). `--urls N` URLs (default 300,000) with
 * a completed check each, written straight to the table (as the run's checks would have left them)
 * and Prepare's items in the S3 stand-in; then Finalize, as the state machine calls it: it reads the
 * items, counts the run from its N records, snapshots the N URLs for the lists and ends the run.
 *
 * Reported: Finalize's time against its Lambda timeout, and the peak of the heap and of the memory
 * it added to the process, against the task's memory size. dynalite answers from a worker thread
 * (decision 62), so the heap measured is Finalize's own, as in its Lambda.
 */
import { parseArgs } from 'node:util';
import { competitorUrlKey } from '@cmp/functions/data/competitor-url-key';
import { putDataObject } from '@cmp/functions/lib/data-bucket';
import { runItemsKey } from '@cmp/functions/scrape-run/prepare';
import { scrapeTasks } from '@cmp/functions/scrape-run/tasks';
import { runningRun } from '../test/support/run-records';
import { taskHandler } from '../test/support/task-handler';
import { startTestStack } from '../test/support/test-stack';
import { type BenchRow, emitRows } from './bench-report';

/** Items written at once: enough to keep dynalite busy. */
const WRITERS = 8;

const { values } = parseArgs({ options: { urls: { type: 'string', default: '300000' } } });
const urls = Number(values.urls);
if (!Number.isSafeInteger(urls) || urls < 1) throw new Error('--urls must be a positive whole number');

const taskMemoryMb = scrapeTasks.Finalize.memoryMb;
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

async function main() {
  const stack = await startTestStack({ dynamoThread: 'worker' });
  try {
    const [{ newRunId }, { createRun }, { takeRunLock }, { batchPut }] = await Promise.all([
      import('@cmp/functions/scrape-run/run-id'),
      import('@cmp/functions/data/scrape-run.repository'),
      import('@cmp/functions/data/run-lock.repository'),
      import('@cmp/functions/data/batch-write'),
    ]);
    const runId = newRunId();
    const ids = Array.from({ length: urls }, (_, i) => 1_000_000 + i);
    const seeding = performance.now();
    const scrapedAt = new Date().toISOString();
    const observation = (id: number, n: number) => ({
      run_id: runId,
      price: 10 + (n % 500) / 10,
      currency: 'GBP',
      in_stock: true,
      confidence: 0.95,
      scraped_at: scrapedAt,
      outcome: 'ok',
      message: 'Price read from the page’s structured data',
      extraction_method: 'structured',
      competitor_url_id: id,
    });
    const items = ids.flatMap((id, n) => [
      {
        ...competitorUrlKey(id),
        id,
        product_id: 1 + Math.floor(n / 3),
        competitor_name: 'Bench',
        url: `https://shop${n % 20}.example/p/${n}`,
        latest: observation(id, n),
        accepted: {
          run_id: runId,
          price: observation(id, n).price,
          currency: 'GBP',
          in_stock: true,
          confidence: 0.95,
          scraped_at: scrapedAt,
        },
        consecutive_failures: 0,
      },
      { PK: `URL_PRICES#${id}`, SK: `RUN#${runId}`, ...observation(id, n), error_message: null },
    ]);
    const slice = Math.ceil(items.length / WRITERS);
    await Promise.all(
      Array.from({ length: WRITERS }, (_, k) => batchPut(items.slice(k * slice, (k + 1) * slice))),
    );
    await createRun(runningRun(runId, { total_urls: urls }));
    await takeRunLock(runId, Date.now(), 60_000, null);
    const place = await putDataObject(
      runItemsKey(runId),
      ids.map((urlId) => `{"urlId":${urlId}}\n`).join(''),
      'application/jsonl',
    );
    const seedSeconds = (performance.now() - seeding) / 1000;
    items.length = 0;

    const finalize = await taskHandler(scrapeTasks.Finalize.entry);
    global.gc?.();
    const before = process.memoryUsage();
    let peakHeap = before.heapUsed;
    let peakRss = before.rss;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peakHeap = Math.max(peakHeap, now.heapUsed);
      peakRss = Math.max(peakRss, now.rss);
    }, 20);
    const started = performance.now();
    const result = await finalize({ runId, items: place });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    if ((result as { status?: string }).status !== 'completed')
      throw new Error(`Finalize did not complete the run: ${JSON.stringify(result)}`);

    const name = `finalize ${urls} URLs`;
    const rows: BenchRow[] = [
      { figure: `${name}: seeding the table and the items`, value: seedSeconds, unit: 's' },
      {
        figure: `${name}: time (Lambda timeout ${scrapeTasks.Finalize.timeoutSeconds} s)`,
        value: seconds,
        unit: 's',
        budget: scrapeTasks.Finalize.timeoutSeconds,
      },
      {
        figure: `${name}: heap Finalize added at its peak (its function has ${taskMemoryMb} MB)`,
        value: mb(peakHeap - before.heapUsed),
        unit: 'MB',
        budget: taskMemoryMb,
      },
      {
        figure: `${name}: memory added to the process at its peak (RSS)`,
        value: mb(peakRss - before.rss),
        unit: 'MB',
      },
    ];
    emitRows(rows);
  } finally {
    await stack.stop();
  }
}

await main();
