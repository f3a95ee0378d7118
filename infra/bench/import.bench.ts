/**
 * `npm run bench:import`: CSV imports at full size (decisions 60 and 70). On a local stack (dynalite
 * in a worker thread, as DynamoDB is outside a Lambda; loopback), 100,000 products are imported,
 * then 300,000 rows of one competitor URL each (3 per product), each file sent through an upload
 * slot to the S3 stand-in and followed as the dialog does (a look at the job every second) to its
 * end. Reports each import's wall time (upload to end), its DynamoDB requests per row and the heap
 * this process peaked at, against issue 30's budgets:
 * 3 min for the products, 8 min for the URL rows, 1.2 requests a row, the import function's memory.
 * `--products N --url-rows M` measures other sizes (`M` a multiple of `N`).
 */
import { IMPORT_POLL_MS, type ImportJob } from '@cmp/shared';
import { startTestStack, type TestStack } from '../test/support/test-stack';
import { uploadCsv } from '../test/support/upload-form';
import { type BenchRow, emitRows } from './bench-report';

const argument = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const PRODUCTS = argument('--products', 100_000);
const URL_ROWS = argument('--url-rows', 300_000);
const BUDGETS = { productsSeconds: 180, urlRowsSeconds: 480, requestsPerRow: 1.2, heapMb: 2048 };

const productsCsv = [
  'SKU,Product Name,Current Price,Cost,Category',
  ...Array.from(
    { length: PRODUCTS },
    (_, i) => `BENCH-${i},Bench product ${i},${(10 + (i % 90)).toFixed(2)},5,Range ${i % 20}`,
  ),
].join('\n');
const shops = ['a', 'b', 'c', 'd', 'e'];
const urlsCsv = [
  'SKU,Competitor URL',
  ...Array.from({ length: URL_ROWS }, (_, i) => {
    const product = i % PRODUCTS;
    return `BENCH-${product},https://${shops[Math.floor(i / PRODUCTS) % shops.length]}.example.com/p/${product}`;
  }),
].join('\n');

/** Follows an import by upload to its end; the job as it ended. */
async function importFile(
  stack: TestStack,
  token: string,
  kind: 'products' | 'competitor-urls',
  csv: string,
): Promise<ImportJob> {
  const uploadId = await uploadCsv(stack, token, kind, csv);
  const { status, body } = await stack.send<{ import?: ImportJob }>('POST', `/api/${kind}/import`, {
    token,
    body: { upload_id: uploadId },
  });
  let job = body.import;
  if (!job) throw new Error(`The import answered ${status}: ${JSON.stringify(body)}`);
  while (job.status === 'queued' || job.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, IMPORT_POLL_MS));
    job = (await stack.api('GET /api/imports/{id}', { token, params: { id: job.id } })).body.import;
    console.error(`import: ${kind}: ${job.processed_rows} of ${job.total_rows} rows (${job.status})`);
  }
  if (job.status !== 'completed') throw new Error(`The import ended ${job.status}: ${job.error}`);
  return job;
}

/** The largest heap this process reaches while `action` runs, in MB (sampled every 100 ms). */
async function peakHeapMb(action: () => Promise<void>): Promise<number> {
  let peak = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 100);
  try {
    await action();
  } finally {
    clearInterval(sampler);
  }
  return peak / 1024 / 1024;
}

async function measure(
  stack: TestStack,
  token: string,
  label: string,
  kind: 'products' | 'competitor-urls',
  csv: string,
  { rows, wallBudget }: { rows: number; wallBudget: number },
): Promise<BenchRow[]> {
  const started = performance.now();
  let job: ImportJob | undefined;
  let requests = 0;
  const heapMb = await peakHeapMb(async () => {
    requests = await stack.countDynamoRequests(async () => {
      job = await importFile(stack, token, kind, csv);
    });
  });
  const seconds = (performance.now() - started) / 1000;
  console.error(
    `import: ${label}: ${job?.imported} imported, ${job?.error_count} refused, in ${seconds.toFixed(1)} s, ${requests} requests`,
  );
  return [
    { figure: `import ${label}: wall time, upload to end`, value: seconds, unit: 's', budget: wallBudget },
    {
      figure: `import ${label}: DynamoDB requests per row`,
      value: requests / rows,
      unit: '',
      budget: BUDGETS.requestsPerRow,
    },
    {
      figure: `import ${label}: peak heap of the API, import function and stand-ins`,
      value: Math.round(heapMb),
      unit: 'MB',
      budget: BUDGETS.heapMb,
    },
  ];
}

const stack = await startTestStack({ env: { IMPORT_ANSWER_WAIT_SECONDS: '0' }, dynamoThread: 'worker' });
const token = await stack.login();
const count = (n: number) => n.toLocaleString('en-US');
const rows = [
  ...(await measure(stack, token, `${count(PRODUCTS)} products`, 'products', productsCsv, {
    rows: PRODUCTS,
    wallBudget: BUDGETS.productsSeconds,
  })),
  ...(await measure(stack, token, `${count(URL_ROWS)} URL rows`, 'competitor-urls', urlsCsv, {
    rows: URL_ROWS,
    wallBudget: BUDGETS.urlRowsSeconds,
  })),
];
emitRows(rows);
await stack.stop();
