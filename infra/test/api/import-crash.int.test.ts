import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ImportJob, ImportJobAnswer, ImportResult } from '@cmp/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { runScript } from '../support/processes';
import { ADMIN, startTestStack } from '../support/test-stack';

/**
 * An import whose process dies half-way (SIGKILL: no shutdown) leaves a state the next import of
 * the same file completes: every product once, the kept count right, no SKU refused (decision 60).
 */
const dataDir = mkdtempSync(join(tmpdir(), 'cmp-import-crash-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const ROWS = 2_000;
const csv = [
  'SKU,Product Name,Current Price,Cost,Category',
  ...Array.from({ length: ROWS }, (_, i) => `CRASH-${i},Crash product ${i},${10 + (i % 7)},4,Crash ${i % 5}`),
].join('\n');

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  return ((await response.json()) as { token: string }).token;
}

async function upload(url: string, token: string): Promise<ImportResult | ImportJobAnswer> {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'catalogue.csv');
  const response = await fetch(`${url}/api/products/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return (await response.json()) as ImportResult | ImportJobAnswer;
}

async function job(url: string, token: string, id: string): Promise<ImportJob> {
  const response = await fetch(`${url}/api/imports/${id}`, { headers: { authorization: `Bearer ${token}` } });
  return ((await response.json()) as ImportJobAnswer).import;
}

describe('an import cut off half-way', () => {
  it('is completed by importing the same file again after a restart on the same data', async () => {
    const first = runScript('infra/test/support/stack-process.ts', {
      DATA_DIR: dataDir,
      IMPORT_ANSWER_WAIT_SECONDS: '0',
    });
    const url = /READY (\S+)/.exec(await first.waitFor(/READY \S+/, 90_000))?.[1] ?? '';
    const token = await signIn(url);
    const queued = await upload(url, token);
    if (!('import' in queued)) throw new Error('The first import should have become a job');
    let progress = queued.import;
    while (progress.processed_rows === 0 && progress.status !== 'completed') {
      await new Promise((resolve) => setTimeout(resolve, 50));
      progress = await job(url, token, queued.import.id);
    }
    first.child.stdin.write('die\n');
    await first.exited;

    const second = await startTestStack({ dataDir });
    try {
      const secondToken = await second.login();
      let answer = await upload(second.url, secondToken);
      while ('import' in answer && !['completed', 'failed'].includes(answer.import.status)) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        answer = { success: true, import: await job(second.url, secondToken, answer.import.id) };
      }
      const products = (await second.api('GET /api/products', { token: secondToken })).body.products;
      const overview = await second.api('GET /api/dashboard/overview', { token: secondToken });

      // The cut was real: it came after the first batch and before the end.
      expect(progress.status).toBe('running');
      expect(progress.processed_rows).toBeGreaterThan(0);
      expect(progress.processed_rows).toBeLessThan(ROWS);
      expect('import' in answer ? answer.import : answer).toMatchObject({ imported: ROWS, errors: [] });
      expect(new Set(products.map((p) => p.sku)).size).toBe(ROWS);
      expect(products).toHaveLength(ROWS);
      expect(overview.body.stats.totalProducts).toBe(ROWS);
    } finally {
      await second.stop();
    }
  });
});
