/**
 * `npm run audit:deps`: the offline lock-file review (fails on a finding), then `npm audit` against the
 * registry's advisory service where it answers (high or critical advisories fail; no answer is
 * reported, not failed).
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

const audit = await new Promise<string>((resolve) => {
  execFile('npm', ['audit', '--json'], { cwd: repoRoot, timeout: 120_000 }, (_error, stdout) =>
    resolve(stdout),
  );
});
// A real report has vulnerability counts; anything else (no network, an error page) is not one.
const report = parseReport(audit);
if (!report) {
  console.log(
    'npm audit: no advisory report could be had here; run `npm audit` where the registry allows it.',
  );
} else {
  const { high = 0, critical = 0 } = report.metadata.vulnerabilities;
  console.log(`npm audit: ${JSON.stringify(report.metadata.vulnerabilities)}`);
  if (high + critical > 0) process.exitCode = 1;
}
if (findings.length > 0) process.exitCode = 1;

function parseReport(text: string): { metadata: { vulnerabilities: Record<string, number> } } | undefined {
  try {
    const parsed = JSON.parse(text);
    return typeof parsed?.metadata?.vulnerabilities === 'object' ? parsed : undefined;
  } catch {
    return undefined;
  }
}
