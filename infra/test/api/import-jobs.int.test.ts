import { IMPORT_POLL_MS, type ImportJob } from '@cmp/shared';
import { describe, expect, it } from 'vitest';
import { signedInStack } from '../support/signed-in-stack';
import type { UploadRouteId } from '../support/test-stack';

/**
 * CSV imports as jobs (decision 60): an upload whose import takes longer than the answer may wait
 * gets 202 with the job, which `GET /api/imports/{id}` follows to its end; written in batches, at
 * most 1.2 DynamoDB requests a row. The answer waits 0 s here, so every import becomes a job.
 */
const { stack, token } = await signedInStack({ env: { IMPORT_ANSWER_WAIT_SECONDS: '0' } });

/** Follows the job as the dialog does, every `pollMs`. */
async function finished(id: string, pollMs = 100): Promise<ImportJob> {
  for (let waited = 0; waited < 60_000; waited += pollMs) {
    const { status, body } = await stack.api('GET /api/imports/{id}', { token, params: { id } });
    expect(status).toBe(200);
    if (body.import.status === 'completed' || body.import.status === 'failed') return body.import;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  throw new Error(`Import ${id} did not finish`);
}

/** Uploads `csv` and follows its job to the end. */
async function importAsJob(path: UploadRouteId, csv: string, { name = 'file.csv', pollMs = 100 } = {}) {
  const queued = await stack.upload(path, token, { name, content: csv });
  expect(queued.status).toBe(202);
  if (!('import' in queued.body))
    throw new Error(`The import answered at once: ${JSON.stringify(queued.body)}`);
  return { queued: queued.body.import, done: await finished(queued.body.import.id, pollMs) };
}

const productRows = (from: number, count: number, price = 10) =>
  Array.from({ length: count }, (_, i) => `JOB-${from + i},Job product ${from + i},${price},5,Job category`);
const productsCsv = (rows: string[]) => ['SKU,Product Name,Current Price,Cost,Category', ...rows].join('\n');

describe('an import that takes longer than the answer waits', () => {
  it('answers 202 with the job, which ends with the result the 200 answer would give', async () => {
    const csv = productsCsv([...productRows(1, 40), 'JOB-BAD,No price,,5,', ...productRows(41, 10)]);
    const { queued, done } = await importAsJob('POST /api/products/import', csv, { name: 'catalogue.csv' });

    expect(queued).toMatchObject({ kind: 'products', file_name: 'catalogue.csv', total_rows: 51 });
    expect(['queued', 'running']).toContain(queued.status);
    expect(done).toMatchObject({
      status: 'completed',
      total_rows: 51,
      processed_rows: 51,
      imported: 50,
      error_count: 1,
      error: null,
    });
    expect(done.errors).toEqual([expect.stringMatching(/^Row 42: /)]);
    expect(done.finished_at).not.toBeNull();
    const { body } = await stack.api('GET /api/products', { token });
    expect(body.products.filter((p) => p.sku.startsWith('JOB-'))).toHaveLength(50);
  });

  it('moves the kept count and the lists once, with every product of the file in them', async () => {
    const before = await stack.api('GET /api/dashboard/overview', { token });
    const { done } = await importAsJob('POST /api/products/import', productsCsv(productRows(100, 30)));
    const after = await stack.api('GET /api/dashboard/overview', { token });
    const list = await stack.api('GET /api/products', { token });

    expect(done.imported).toBe(30);
    expect(after.body.stats.totalProducts).toBe(before.body.stats.totalProducts + 30);
    expect(list.body.products).toHaveLength(after.body.stats.totalProducts);
  });

  it('imports competitor URLs as a job, three a row, and refuses a URL a product has already', async () => {
    await importAsJob('POST /api/products/import', productsCsv(productRows(200, 20)));
    const rows = Array.from(
      { length: 20 },
      (_, i) =>
        `JOB-${200 + i},https://a.example.com/${i},https://b.example.com/${i},https://c.example.com/${i}`,
    );
    const csv = ['SKU,Shop A,Shop B,Shop C', ...rows].join('\n');
    const first = await importAsJob('POST /api/competitor-urls/import', csv);
    const again = await importAsJob('POST /api/competitor-urls/import', csv);

    expect(first.done).toMatchObject({
      kind: 'competitor-urls',
      status: 'completed',
      imported: 60,
      error_count: 0,
    });
    expect(again.done).toMatchObject({ status: 'completed', imported: 0, error_count: 60 });
    expect(again.done.errors[0]).toBe('Row 2: SKU "JOB-200" already has https://a.example.com/0');
  });

  it('makes at most 1.2 DynamoDB requests a row for new products, and for rows of three new URLs', async () => {
    const products = await stack.countDynamoRequests(() =>
      importAsJob('POST /api/products/import', productsCsv(productRows(1000, 600)), {
        pollMs: IMPORT_POLL_MS,
      }),
    );
    const rows = Array.from(
      { length: 600 },
      (_, i) =>
        `JOB-${1000 + i},https://a.example.com/x${i},https://b.example.com/x${i},https://c.example.com/x${i}`,
    );
    const urls = await stack.countDynamoRequests(() =>
      importAsJob('POST /api/competitor-urls/import', ['SKU,A,B,C', ...rows].join('\n'), {
        pollMs: IMPORT_POLL_MS,
      }),
    );

    // Both include following the job as the dialog does (3 requests a second, with the session check).
    expect(products / 600).toBeLessThanOrEqual(1.2);
    expect(urls / 600).toBeLessThanOrEqual(1.2);
  });

  it('still answers a file that cannot be imported at all with a 400 at once, and queues nothing', async () => {
    const { status, body } = await stack.upload('POST /api/products/import', token, {
      name: 'bad.csv',
      content: 'SKU,Name\nA,B',
    });

    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, error: expect.stringContaining('Missing column') });
  });

  it('answers 404 for an import it does not know and 400 for a malformed id', async () => {
    const unknown = await stack.api('GET /api/imports/{id}', {
      token,
      params: { id: '6d3f1c9e-8f4a-4b7e-9c2d-1a2b3c4d5e6f' },
    });
    const malformed = await stack.api('GET /api/imports/{id}', { token, params: { id: 'not-an-id' } });

    expect(unknown.status).toBe(404);
    expect(malformed.status).toBe(400);
  });
});

describe('an import within the answer’s wait', () => {
  it('answers 200 with the result, as before imports were jobs', async () => {
    const waiting = await signedInStack();
    const { status, body } = await waiting.stack.upload('POST /api/products/import', waiting.token, {
      name: 'small.csv',
      content: productsCsv(productRows(1, 3)),
    });

    expect(status).toBe(200);
    expect(body).toEqual({ success: true, imported: 3, errors: [] });
  });
});
