/**
 * `npm run audit:deps`: the offline lock-file review (fails on a finding), then `npm audit` against the
 * registry's advisory service where it can be reached (a network error is reported, not failed).
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { repoRoot } from '../local/paths';
import { type LockFile, reviewLock } from './lock-review';

const lock = JSON.parse(await readFile(join(repoRoot, 'package-lock.json'), 'utf8')) as LockFile;
const manifest = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8')) as {
  allowScripts?: Record<string, boolean>;
};
const { findings, installScripts } = reviewLock(lock, manifest.allowScripts);

console.log(`Lock file: ${Object.keys(lock.packages).length - 1} entries reviewed offline.`);
for (const { name, version, allowed } of installScripts)
  console.log(`  install script ${allowed ? 'allowed' : 'not run'}: ${name}@${version}`);
for (const finding of findings) console.log(`  FINDING: ${finding}`);

const audit = await new Promise<{ code: number; output: string }>((resolve) => {
  execFile(
    'npm',
    ['audit', '--audit-level=high'],
    { cwd: repoRoot, timeout: 60_000 },
    (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) || 1 : 0, output: stdout + stderr }),
  );
});
if (
  /network|ENOTFOUND|ECONNREFUSED|ETIMEDOUT|audit endpoint returned an error/i.test(audit.output) &&
  audit.code !== 0
) {
  console.log('npm audit: the advisory service cannot be reached from here; run `npm audit` where it can.');
} else {
  console.log(audit.output.trim());
  if (audit.code !== 0) process.exitCode = 1;
}
if (findings.length > 0) process.exitCode = 1;
