/**
 * `npm run extract -- TARGET...`: runs the extraction pipeline on saved pages (.html or .html.gz)
 * or live http(s) URLs (fetched through the guarded fetcher) and prints one JSON line per target.
 *
 *   --url URL       the original address of a single saved file (for relative links and country)
 *   --manifest FILE a JSON array of { "file": ..., "url": ... }
 *
 * Uses the LLM tier only when BEDROCK_MODEL_ID is set.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import * as z from 'zod';
import { extractPage, type LlmPort } from './extract/extract-page';
import { decodeHtml } from './fetch/decode-html';
import { createGuardedFetcher } from './fetch/guarded-fetch';
import { createBedrockClient, createBedrockExtractor } from './llm/bedrock-extractor';
import { readScrapeConfig, userAgent } from './scrape.config';

const manifestSchema = z.array(z.strictObject({ file: z.string().min(1), url: z.url() }));

interface Target {
  readonly file?: string;
  readonly url?: string;
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { url: { type: 'string' }, manifest: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help || (positionals.length === 0 && !values.manifest)) {
    console.error('usage: npm run extract -- [--url URL] [--manifest FILE] TARGET...');
    return values.help ? 0 : 2;
  }
  const files = positionals.filter((p) => !/^https?:\/\//i.test(p));
  if (values.url && files.length !== 1) {
    console.error('--url names the address of exactly one saved file');
    return 2;
  }
  const targets: Target[] = positionals.map((p) =>
    /^https?:\/\//i.test(p) ? { url: p } : { file: p, ...(values.url ? { url: values.url } : {}) },
  );
  if (values.manifest) {
    const manifest = manifestSchema.parse(JSON.parse(await readFile(values.manifest, 'utf8')));
    const base = resolve(values.manifest, '..');
    targets.push(...manifest.map((m) => ({ file: resolve(base, m.file), url: m.url })));
  }
  const config = readScrapeConfig(process.env);
  const fetcher = createGuardedFetcher({
    allowHosts: config.SCRAPER_ALLOW_HOSTS,
    hostMap: config.SCRAPER_HOST_MAP,
    userAgent: userAgent(config),
  });
  const llm: LlmPort | null = config.BEDROCK_MODEL_ID
    ? createBedrockExtractor({ client: createBedrockClient(config), modelId: config.BEDROCK_MODEL_ID })
    : null;
  let failures = 0;
  for (const target of targets) {
    const label = target.file
      ? { file: target.file, ...(target.url ? { url: target.url } : {}) }
      : { url: target.url };
    try {
      const { html, url } = await load(target, fetcher);
      const result = await extractPage(html, url, { llm });
      console.log(
        JSON.stringify({
          ...label,
          price: result.price,
          currency: result.currency,
          in_stock: result.in_stock,
          confidence: result.confidence,
          tier: result.tier,
          ...(result.usage ? { usage: result.usage } : {}),
          ...(result.llm_error ? { llm_error: result.llm_error } : {}),
        }),
      );
    } catch (error) {
      failures++;
      // Same fields as a result line, so a consumer can read every line alike.
      console.log(
        JSON.stringify({
          ...label,
          price: null,
          currency: null,
          in_stock: null,
          confidence: 0,
          tier: 'none',
          error: error instanceof Error ? error.message : String(error),
        }),
      );
    }
  }
  return failures > 0 ? 1 : 0;
}

async function load(
  target: Target,
  fetcher: ReturnType<typeof createGuardedFetcher>,
): Promise<{ html: string; url: string }> {
  if (!target.file) {
    const page = await fetcher.fetchPage(target.url ?? '');
    return { html: page.html, url: page.url };
  }
  const bytes = await readFile(target.file);
  const html = decodeHtml(target.file.endsWith('.gz') ? gunzipSync(bytes) : bytes);
  // Without the original address the page is read as if served from a neutral host (no country hint).
  return { html, url: target.url ?? 'https://saved-page.invalid/' };
}

process.exitCode = await main();
