/**
 * `npm test`: lint first (seconds), then the type checks and every test tier at once. The one vitest
 * run leaves the cores idle for much of its time (a page to load, a shop's pace, a poll: on a 2-core
 * CI machine it used 1.2 cores on average), which the type checks fill at a lower priority, so the
 * tests keep the CPU when they want it. Exits non-zero when any of the three fails; the type checks'
 * report prints after the tests'. (Before: lint, type checks, then tests, one after another; the
 * type checks' 53 s on two cores came on top.)
 */
import { spawn } from 'node:child_process';
import { repoRoot } from '../local/paths';

/** Runs `command` with the terminal's output (or, with `quiet`, its output kept and returned). */
function run(command: string, args: string[], quiet = false, env: NodeJS.ProcessEnv = process.env) {
  return new Promise<{ ok: boolean; output: string }>((resolve) => {
    const child = spawn(command, args, { cwd: repoRoot, env, stdio: quiet ? 'pipe' : 'inherit' });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ ok: code === 0, output }));
  });
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const lint = await run(npm, ['run', '-s', 'lint']);
if (!lint.ok) process.exit(1);

const [typecheck, tests] = await Promise.all([
  run(npm, ['run', '-s', 'typecheck'], true, { ...process.env, TYPECHECK_NICE: '10' }),
  // Arguments after `npm test --` go to vitest (`npm test -- --project unit`).
  run(npm, ['exec', '--', 'vitest', 'run', ...process.argv.slice(2)]),
]);
console.log(`\nType checks:\n${typecheck.output.trimEnd()}`);
process.exit(typecheck.ok && tests.ok ? 0 : 1);
