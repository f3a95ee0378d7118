import { IMPORT_STOP_MARGIN_MS } from '@cmp/functions/catalogue/csv/import-job';
import { IMPORT_BATCH_ROWS, MAX_UPLOADED_IMPORT_ROWS } from '@cmp/functions/catalogue/csv/import-limits';
import { IMPORT_POLL_MS, type ImportJob } from '@cmp/shared';
import { describe, expect, it } from 'vitest';
import { signedInStack } from '../support/signed-in-stack';
import { uploadCsv } from '../support/upload-form';

/**
 * An import longer than one run of the import function (decision 70): the run stops after a batch
 * once its time is nearly up, the job keeps where it stopped and what it found, and the next run
 * goes on from there. Here each run has no time past the margin, so it does one batch of
 * IMPORT_BATCH_ROWS rows and hands the rest on.
 */
const { stack, token } = await signedInStack({
  importTimeoutSeconds: IMPORT_STOP_MARGIN_MS / 1000,
  // Answers with the job at once, to follow it.
  env: { IMPORT_ANSWER_WAIT_SECONDS: '0' },
});

/** Imports the uploaded file and follows its job to the end, as the dialog does. */
async function importUpload(path: '/api/products/import' | '/api/competitor-urls/import', uploadId: string) {
  const started = await stack.send<{ import?: ImportJob; imported?: number; errors?: string[] }>(
    'POST',
    path,
    {
      token,
      body: { upload_id: uploadId },
    },
  );
  let job = started.body.import;
  if (!job) throw new Error(`Expected the job, got ${started.status} ${JSON.stringify(started.body)}`);
  while (job.status === 'queued' || job.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, IMPORT_POLL_MS / 4));
    job = (await stack.api('GET /api/imports/{id}', { token, params: { id: job.id } })).body.import;
  }
  const stored = (await stack.scanTable()).find(
    (item) => item.PK === `IMPORT#${job.id}` && item.SK === 'JOB',
  );
  return { job, resumedAfter: stored?.resume_after_row };
}

const ROWS = 1_300;
/** The file's row of product `n` (the header is row 1). */
const rowOf = (n: number) => n + 2;
const sku = (n: number) => `RUN-${n}`;

describe('a products file longer than one run of the import function', () => {
  it('goes on where each run stopped, and ends with every row imported or refused once, in row order', async () => {
    const lines = Array.from(
      { length: ROWS },
      (_, n) => `${sku(n)},Run product ${n},${(10 + (n % 50)).toFixed(2)}`,
    );
    // A bad price in the first run's rows, a SKU seen in the first run again in the second's, and
    // a row without a name in the last run's.
    lines[3] = `${sku(3)},Run product 3,abc`;
    lines[700] = `${sku(1)},Again,12.00`;
    lines[1250] = `${sku(1250)},,12.00`;
    const uploadId = await uploadCsv(
      stack,
      token,
      'products',
      ['SKU,Product Name,Current Price', ...lines].join('\n'),
    );

    const { job, resumedAfter } = await importUpload('/api/products/import', uploadId);
    const listed = await stack.api('GET /api/products', { token, query: { page: '1', page_size: '1' } });

    expect(job).toMatchObject({
      status: 'completed',
      total_rows: ROWS,
      processed_rows: ROWS,
      imported: ROWS - 3,
    });
    expect(job.errors).toEqual([
      expect.stringMatching(new RegExp(`^Row ${rowOf(3)}: `)),
      `Row ${rowOf(700)}: SKU "${sku(1)}" already appears on row ${rowOf(1)}`,
      expect.stringMatching(new RegExp(`^Row ${rowOf(1250)}: `)),
    ]);
    expect(job.error_count).toBe(3);
    // Three runs: the last one went on after the second batch's last row.
    expect(resumedAfter).toBe(rowOf(2 * IMPORT_BATCH_ROWS + 1));
    expect(listed.body.total).toBe(ROWS - 3);
  });
});

describe('a competitor URL file longer than one run of the import function', () => {
  it('refuses a URL added by an earlier run again, and adds every other one once', async () => {
    const lines = Array.from({ length: ROWS }, (_, n) => `${sku(n)},https://shop.example.com/p/${n}`);
    lines[600] = 'NO-SUCH-SKU,https://shop.example.com/p/none';
    lines[1200] = `${sku(10)},https://shop.example.com/p/10`;
    const uploadId = await uploadCsv(stack, token, 'competitor-urls', ['SKU,Shop', ...lines].join('\n'));

    const { job, resumedAfter } = await importUpload('/api/competitor-urls/import', uploadId);
    const listed = await stack.api('GET /api/competitor-urls', {
      token,
      query: { page: '1', page_size: '1' },
    });

    // The products file above made no product of its rows 3, 700 and 1250: their URLs find none.
    const noProduct = (n: number) => `Row ${rowOf(n)}: unknown SKU "${sku(n)}"`;
    expect(job).toMatchObject({ status: 'completed', total_rows: ROWS, processed_rows: ROWS });
    expect(job.errors).toEqual([
      noProduct(3),
      `Row ${rowOf(600)}: unknown SKU "NO-SUCH-SKU"`,
      noProduct(700),
      `Row ${rowOf(1200)}: SKU "${sku(10)}" already has https://shop.example.com/p/10`,
      noProduct(1250),
    ]);
    expect(job.imported).toBe(ROWS - 5);
    expect(resumedAfter).toBeGreaterThan(rowOf(IMPORT_BATCH_ROWS));
    expect(listed.body.total).toBe(ROWS - 5);
  });
});

describe('the rows a file may hold', () => {
  it('takes more than 10,000 rows from the data bucket, which the request itself may not carry', async () => {
    const csv = [
      'SKU,Product Name,Current Price',
      ...Array.from({ length: 12_000 }, (_, n) => `BIG-${n},Big ${n},5`),
    ].join('\n');
    const uploadId = await uploadCsv(stack, token, 'products', csv);

    const preview = await stack.send<{ new_products: unknown[] }>('POST', '/api/products/import/preview', {
      token,
      body: { upload_id: uploadId },
    });
    const inRequest = await stack.upload('POST /api/products/import/preview', token, {
      name: 'big.csv',
      content: csv,
    });

    expect([preview.status, preview.body.new_products.length]).toEqual([200, 12_000]);
    expect([inRequest.status, inRequest.body]).toEqual([
      400,
      { success: false, error: 'The file has more than 10,000 rows' },
    ]);
  });

  it(`refuses a file of more than ${MAX_UPLOADED_IMPORT_ROWS.toLocaleString('en-US')} rows, importing none of them`, async () => {
    const csv = `SKU,Shop\n${'X,\n'.repeat(MAX_UPLOADED_IMPORT_ROWS + 1)}`;
    const uploadId = await uploadCsv(stack, token, 'competitor-urls', csv);

    const refused = await stack.send('POST', '/api/competitor-urls/import', {
      token,
      body: { upload_id: uploadId },
    });

    expect([refused.status, refused.body]).toEqual([
      400,
      { success: false, error: 'The file has more than 500,000 rows' },
    ]);
  });
});
