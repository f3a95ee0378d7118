import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { corpusDir } from './test-support/corpus';

const repoRoot = resolve(import.meta.dirname, '../../..');
const tsx = join(repoRoot, 'node_modules/.bin/tsx');
const cli = join(import.meta.dirname, 'extract.cli.ts');
const amazonUs = join(corpusDir, '01efbb747904557e90dcb56d1f255a4034d5206c796539e2ce4d9dd68672c098.html.gz');
const johnLewis = join(corpusDir, '29d061966ead48cd03feea85cc63c201b8960b3cadb5c9febf83c44227f9a375.html.gz');

/** Runs `npm run extract -- ARGS` the way the script does, without a model configured. */
function extract(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; lines: unknown[] }> {
  return new Promise((done) => {
    execFile(
      tsx,
      [cli, ...args],
      { cwd: repoRoot, env: { ...process.env, BEDROCK_MODEL_ID: '', SCRAPER_ALLOW_HOSTS: '', ...env } },
      (error, stdout) => {
        const lines = stdout
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as unknown);
        done({ code: error ? Number(error.code ?? 1) : 0, lines });
      },
    );
  });
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((r) => s.close(() => r()))));
});

describe('npm run extract', () => {
  it('reads a saved .html.gz page with its original address', async () => {
    const { code, lines } = await extract(['--url', 'https://www.amazon.com/dp/B01GOH7PKA', amazonUs]);
    expect(code).toBe(0);
    expect(lines).toEqual([
      expect.objectContaining({
        file: amazonUs,
        url: 'https://www.amazon.com/dp/B01GOH7PKA',
        price: '87.11',
        currency: 'USD',
        tier: 'heuristic',
      }),
    ]);
  });

  it('reads a plain saved .html page', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'extract-cli-'));
    const file = join(dir, 'kettle.html');
    const offer = {
      '@type': 'Offer',
      price: '24.99',
      priceCurrency: 'EUR',
      availability: 'https://schema.org/InStock',
    };
    await writeFile(
      file,
      '<html><head><meta charset="utf-8"><title>Wasserkocher</title>' +
        `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: 'Wasserkocher', offers: offer })}</script>` +
        '</head><body><main><h1>Wasserkocher</h1><p class="price">24,99 €</p>' +
        '<button>In den Warenkorb</button></main></body></html>',
    );
    const { code, lines } = await extract([file]);
    expect(code).toBe(0);
    expect(lines).toEqual([
      expect.objectContaining({ file, price: '24.99', currency: 'EUR', in_stock: true, tier: 'structured' }),
    ]);
  });

  it('reads a manifest of saved pages', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'extract-cli-'));
    const manifest = join(dir, 'pages.json');
    await writeFile(
      manifest,
      JSON.stringify([
        { file: johnLewis, url: 'https://www.johnlewis.com/p3182808' },
        { file: amazonUs, url: 'https://www.amazon.com/dp/B01GOH7PKA' },
      ]),
    );
    const { code, lines } = await extract(['--manifest', manifest]);
    expect(code).toBe(0);
    expect(lines).toEqual([
      expect.objectContaining({
        file: johnLewis,
        price: '36.50',
        currency: 'GBP',
        tier: 'structured',
        in_stock: true,
      }),
      expect.objectContaining({ file: amazonUs, price: '87.11' }),
    ]);
  });

  it('fetches URLs through the guarded fetcher and reports refusals per target', async () => {
    const server = createServer((req, res) => {
      if (req.url === '/robots.txt') res.writeHead(404).end();
      else
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end(
            '<html><body><main><div class="product"><h1>Teapot</h1><p class="price">£18.50</p>' +
              '<button>Add to basket</button></div></main></body></html>',
          );
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    const { code, lines } = await extract([`http://${host}/teapot`, 'http://169.254.169.254/latest/'], {
      SCRAPER_ALLOW_HOSTS: host,
    });
    expect(code).toBe(1);
    expect(lines).toEqual([
      expect.objectContaining({
        url: `http://${host}/teapot`,
        price: '18.50',
        tier: 'heuristic',
        in_stock: true,
      }),
      {
        url: 'http://169.254.169.254/latest/',
        price: null,
        currency: null,
        in_stock: null,
        confidence: 0,
        tier: 'none',
        error: 'Blocked: address is private',
      },
    ]);
  });
});
