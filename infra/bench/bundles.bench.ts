/**
 * `npm run bench:bundles`: the web app's initial JavaScript gzipped (the entry script and its
 * modulepreload links in web/dist/index.html, built when stale), and each Lambda bundled the way
 * CDK bundles it (esbuild, ESM, minified, node22, AWS SDK included): its size and its cold import
 * in a fresh Node process.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { routeGroups } from '@cmp/functions/http/routes';
import { scrapeTasks, statusChangeTask } from '@cmp/functions/scrape-run/tasks';
import { build } from 'esbuild';
import { functionsDir } from '../lib/paths';
import { webDistDir } from '../local/paths';
import { ensureWebBuilt } from '../local/web-build';
import { type BenchRow, emitRows } from './bench-report';
import { percentile } from './measure';

const INITIAL_JS_BUDGET_KB = 220;
const BUNDLE_BUDGET_KB = 1024;
/**
 * The browser function (RenderUrl) carries @sparticuz/chromium's unpacking code; playwright-core
 * goes beside it, not in it (app-function.ts), and its cold start is Chromium's unpacking (about
 * 4.5 s here), not the import: its bundle has a budget of its own and no import is timed.
 */
const BROWSER_BUNDLE_BUDGET_KB = 2048;
const COLD_IMPORT_BUDGET_MS = 150;
/** Fresh processes per bundle; the median hides one unlucky scheduling on a busy machine. */
const COLD_IMPORTS = 5;

/** Settings every function's config parsing needs at import; values are placeholders, nothing is called. */
const DUMMY_ENV = {
  TABLE_NAME: 'check-my-price-bench',
  TOKEN_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-2:000000000000:secret:bench',
  STATE_MACHINE_ARN: 'arn:aws:states:eu-west-2:000000000000:stateMachine:bench',
  SCHEDULE_RULE_NAME: 'check-my-price-bench-schedule',
  BEDROCK_MODEL_ID: 'anthropic.claude-3-haiku-20240307-v1:0',
  AWS_REGION: 'eu-west-2',
  SHOP_CURRENCY: 'GBP',
  APP_URL: 'https://prices.example',
  POWERTOOLS_SERVICE_NAME: 'check-my-price',
  LOG_LEVEL: 'WARN',
};

async function initialJavaScriptKb(): Promise<{ kb: number; files: string[] }> {
  await ensureWebBuilt((line) => console.error(line));
  const html = await readFile(join(webDistDir, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1] ?? '');
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map(
    (m) => m[1] ?? '',
  );
  const files = [...entries, ...preloads];
  if (entries.length === 0) throw new Error('web/dist/index.html has no module entry script');
  let bytes = 0;
  for (const file of files) bytes += gzipSync(await readFile(join(webDistDir, file))).length;
  return { kb: bytes / 1024, files };
}

/**
 * Bundles one handler as CDK's NodejsFunction does (see infra/lib/app-function.ts); returns its
 * size and the packages that take the most of it, to say why a bundle is big.
 */
async function bundle(
  entry: string,
  outfile: string,
  external: string[] = [],
): Promise<{ bytes: number; largest: string }> {
  const { metafile } = await build({
    entryPoints: [join(functionsDir, entry)],
    external,
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    mainFields: ['module', 'main'],
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    minify: true,
    metafile: true,
    logLevel: 'error',
  });
  const byPackage = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? '(our code)';
      byPackage.set(name, (byPackage.get(name) ?? 0) + bytesInOutput);
    }
  }
  const largest = [...byPackage]
    .sort(([, a], [, b]) => b - a)
    .slice(0, 5)
    .map(([name, bytes]) => `${name} ${(bytes / 1024).toFixed(0)} KB`)
    .join(', ');
  return { bytes: (await stat(outfile)).size, largest };
}

/** Times `await import(bundle)` inside a fresh `node`, so nothing is cached or already loaded. */
function coldImportMs(file: string): number {
  const script = `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); console.log('IMPORT_MS', performance.now() - t);`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', ...DUMMY_ENV },
  });
  const ms = Number(/IMPORT_MS (\S+)/.exec(child.stdout)?.[1]);
  if (child.status !== 0 || !Number.isFinite(ms))
    throw new Error(`Importing ${file} failed (exit ${child.status}):\n${child.stderr}`);
  return ms;
}

async function main() {
  const rows: BenchRow[] = [];
  const web = await initialJavaScriptKb();
  console.error(`bundles: initial JavaScript = ${web.files.join(', ')}`);
  rows.push({
    figure: `web initial JavaScript, gzipped (${web.files.length} files)`,
    value: web.kb,
    unit: 'KB',
    budget: INITIAL_JS_BUDGET_KB,
  });

  const lambdas: [string, string, boolean][] = [
    ...Object.entries(routeGroups).map(([group, def]): [string, string, boolean] => [
      `route ${group}`,
      def.entry,
      false,
    ]),
    ...Object.entries(scrapeTasks).map(([task, def]): [string, string, boolean] => [
      `task ${task}`,
      def.entry,
      'browser' in def,
    ]),
    ['task StatusChange', statusChangeTask.entry, false],
  ];
  const outDir = await mkdtemp(join(tmpdir(), 'cmp-bundles-'));
  try {
    for (const [name, entry, browser] of lambdas) {
      // .mjs, as CDK names ESM output, so node loads it as a module without a package.json.
      const outfile = join(outDir, `${name.replace(/\W+/g, '-')}.mjs`);
      const { bytes, largest } = await bundle(entry, outfile, browser ? ['playwright-core'] : []);
      console.error(`bundles: ${name}: ${largest}`);
      rows.push({
        figure: `Lambda ${name}: minified${browser ? ' (playwright-core beside it)' : ''}`,
        value: bytes / 1024,
        unit: 'KB',
        budget: browser ? BROWSER_BUNDLE_BUDGET_KB : BUNDLE_BUDGET_KB,
      });
      if (browser) continue;
      const imports = Array.from({ length: COLD_IMPORTS }, () => coldImportMs(outfile));
      rows.push({
        figure: `Lambda ${name}: cold import (median of ${COLD_IMPORTS})`,
        value: percentile(imports, 50),
        unit: 'ms',
        budget: COLD_IMPORT_BUDGET_MS,
      });
    }
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
  emitRows(rows);
}

await main();
