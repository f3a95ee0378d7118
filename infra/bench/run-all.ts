/**
 * `npm run bench`: runs every benchmark as its own npm script (a child process each, since the
 * functions read their settings once per process), gathers the `BENCH_ROWS` line each prints and
 * prints one table with the machine it ran on. A benchmark that prints no such line (bench:extract
 * may not) has its summary shown as it is; one that fails becomes a failing row. Exits 1 when
 * any budget is missed. `npm run bench -- api bundles` runs only those.
 */
import { spawn } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { type BenchRow, emitRows, passes, ROWS_MARKER } from './bench-report';

const BENCHMARKS = [
  'scrape',
  'scrape-large',
  'finalize',
  'extract',
  'api',
  'import',
  'load',
  'web',
  'bundles',
  'match',
] as const;

interface Outcome {
  rows: BenchRow[];
  /** What a benchmark without BENCH_ROWS printed, to show as it is. */
  summary: string[];
}

/** Runs `npm run bench:<name>`, echoing its output as progress (stderr) while gathering it. */
function runBenchmark(name: string): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    console.error(`\n=== bench:${name} ===`);
    const started = performance.now();
    const child = spawn('npm', ['run', '--silent', `bench:${name}`], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      process.stderr.write(chunk);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const lines = stdout.split('\n');
      const marked = lines.find((line) => line.startsWith(ROWS_MARKER));
      const rows = marked ? (JSON.parse(marked.slice(ROWS_MARKER.length)) as BenchRow[]) : [];
      const summary = marked ? [] : lines.filter((line) => line.trim() !== '');
      const seconds = Math.round((performance.now() - started) / 1000);
      // A failed run is a failed figure, not a missing one.
      if (code !== 0)
        rows.push({
          figure: `bench:${name} exit code (after ${seconds} s)`,
          value: code ?? -1,
          unit: '',
          budget: 0,
        });
      resolve({ rows, summary });
    });
  });
}

async function main() {
  const chosen = process.argv.slice(2);
  const unknown = chosen.filter((name) => !(BENCHMARKS as readonly string[]).includes(name));
  if (unknown.length > 0)
    throw new Error(`Unknown benchmarks: ${unknown.join(', ')} (${BENCHMARKS.join(', ')})`);
  const names = chosen.length > 0 ? chosen : BENCHMARKS;

  const rows: BenchRow[] = [];
  const summaries: [string, string[]][] = [];
  for (const name of names) {
    const outcome = await runBenchmark(name);
    rows.push(...outcome.rows);
    if (outcome.summary.length > 0) summaries.push([name, outcome.summary]);
  }

  console.log(
    `\nMeasured ${new Date().toISOString()} on ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), ` +
      `${(totalmem() / 2 ** 30).toFixed(1)} GiB memory, Node ${process.version}\n`,
  );
  emitRows(rows);
  for (const [name, summary] of summaries) {
    console.log(`\nbench:${name} (its own summary):`);
    for (const line of summary) console.log(`  ${line}`);
  }
  if (rows.some((row) => passes(row) === false)) process.exitCode = 1;
}

await main();
