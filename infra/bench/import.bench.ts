/**
 * `npm run bench:import`: CSV imports at full size (decision 60). On a local stack (in-memory
 * dynalite, loopback), 10,000 products are imported, then 10,000 rows of 3 competitor URLs each
 * (30,000 URLs), each followed as the dialog does (a look at the job every second) to its end.
 * Reports each import's wall time and DynamoDB requests per row, upload to end, against the
 * budgets of issue 17: at most 60 s and 1.2 requests a row.
 */
import { IMPORT_POLL_MS, type ImportJob } from '@cmp/shared';
import { startTestStack, type TestStack, type UploadRouteId } from '../test/support/test-stack';
import { type BenchRow, emitRows } from './bench-report';

const ROWS = 10_000;
const WALL_BUDGET_S = 60;
const REQUESTS_PER_ROW_BUDGET = 1.2;

const productsCsv = [
  'SKU,Product Name,Current Price,Cost,Category',
  ...Array.from(
    { length: ROWS },
    (_, i) => `BENCH-${i},Bench product ${i},${(10 + (i % 90)).toFixed(2)},5,Range ${i % 20}`,
  ),
].join('\n');
const urlsCsv = [
  'SKU,Shop A,Shop B,Shop C',
  ...Array.from(
    { length: ROWS },
    (_, i) =>
      `BENCH-${i},https://a.example.com/p/${i},https://b.example.com/p/${i},https://c.example.com/p/${i}`,
  ),
].join('\n');

/** Uploads the file and follows its job to the end; the job as it ended. */
async function importFile(
  stack: TestStack,
  token: string,
  path: UploadRouteId,
  csv: string,
): Promise<ImportJob> {
  const { status, body } = await stack.upload(path, token, {
    name: 'bench.csv',
    content: csv,
  });
  if (status !== 202 || !('import' in body))
    throw new Error(`The upload answered ${status}: ${JSON.stringify(body)}`);
  let job = body.import;
  while (job.status === 'queued' || job.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, IMPORT_POLL_MS));
    job = (await stack.api('GET /api/imports/{id}', { token, params: { id: job.id } })).body.import;
  }
  if (job.status !== 'completed') throw new Error(`The import ended ${job.status}: ${job.error}`);
  return job;
}

async function measure(stack: TestStack, token: string, label: string, path: UploadRouteId, csv: string) {
  const started = performance.now();
  let job: ImportJob | undefined;
  const requests = await stack.countDynamoRequests(async () => {
    job = await importFile(stack, token, path, csv);
  });
  const seconds = (performance.now() - started) / 1000;
  console.error(
    `import: ${label}: ${job?.imported} imported in ${seconds.toFixed(1)} s, ${requests} requests`,
  );
  return [
    { figure: `import ${label}: wall time, upload to end`, value: seconds, unit: 's', budget: WALL_BUDGET_S },
    {
      figure: `import ${label}: DynamoDB requests per row`,
      value: requests / ROWS,
      unit: '',
      budget: REQUESTS_PER_ROW_BUDGET,
    },
  ] satisfies BenchRow[];
}

const stack = await startTestStack({ env: { IMPORT_ANSWER_WAIT_SECONDS: '0' } });
try {
  const token = await stack.login();
  const rows = [
    ...(await measure(stack, token, '10,000 products', 'POST /api/products/import', productsCsv)),
    ...(await measure(stack, token, '10,000 rows of 3 URLs', 'POST /api/competitor-urls/import', urlsCsv)),
  ];
  emitRows(rows);
} finally {
  await stack.stop();
}
