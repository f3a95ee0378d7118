/**
 * `npm run typecheck`: every TypeScript project of the repository checked by `tsc --noEmit`, as many
 * at once as the machine has cores (one tsc uses one), the largest first. Prints each project's
 * errors and exits 1 when any has one. `npm run typecheck -w <workspace>` still checks one.
 * `TYPECHECK_NICE=<n>` runs each tsc at that lower priority (`npm test` runs them beside the tests).
 */
import { spawn } from 'node:child_process';
import { availableParallelism, setPriority } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../local/paths';

/**
 * The projects, largest first. Projects with the same options that import the same code are checked
 * as one program, so that code is checked once (a third less CPU for each pair): infra with the
 * functions (`infra/tsconfig.with-functions.json`), the browser tests with the benchmarks
 * (`infra/tsconfig.browser-and-bench.json`, both with the DOM).
 */
const PROJECTS = [
  'infra/tsconfig.with-functions.json',
  'infra/tsconfig.browser-and-bench.json',
  'web',
  'shared',
];

const tsc = join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
const nice = Number(process.env.TYPECHECK_NICE ?? 0) || 0;

function check(project: string): Promise<{ project: string; ok: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '--noEmit', '-p', project], { cwd: repoRoot });
    if (nice > 0 && child.pid !== undefined) setPriority(child.pid, nice);
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ project, ok: code === 0, output }));
  });
}

const queue = [...PROJECTS];
const results: Awaited<ReturnType<typeof check>>[] = [];
await Promise.all(
  Array.from({ length: Math.min(availableParallelism(), PROJECTS.length) }, async () => {
    for (let project = queue.shift(); project; project = queue.shift()) results.push(await check(project));
  }),
);
for (const { project, ok, output } of results) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${project}`);
  if (output.trim()) console.log(output.trimEnd());
}
process.exit(results.every((r) => r.ok) ? 0 : 1);
