import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { repoRoot, webDir, webDistDir } from './paths';

/** Everything the web bundle is built from; a change to any of it makes the build stale. */
const INPUTS = [
  'web/src',
  'web/index.html',
  'web/vite.config.ts',
  'web/package.json',
  'shared/src',
  'package-lock.json',
];
const STAMP = join(webDistDir, '.build-hash');

/** Builds the SPA when web/dist is missing or older than its sources (by content, not mtime). */
export async function ensureWebBuilt(log: (line: string) => void = console.log): Promise<void> {
  const hash = await hashInputs();
  const built = existsSync(STAMP) ? (await readFile(STAMP, 'utf8')).trim() : '';
  if (built === hash && existsSync(join(webDistDir, 'index.html'))) return;
  log('Building the web app (first start or sources changed)...');
  await runViteBuild();
  await writeFile(STAMP, `${hash}\n`);
}

async function hashInputs(): Promise<string> {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of await listFiles(join(repoRoot, input))) {
      hash.update(relative(repoRoot, file));
      hash.update(await readFile(file));
    }
  }
  return hash.digest('hex');
}

async function listFiles(path: string): Promise<string[]> {
  if (!existsSync(path)) return [];
  const entries = await readdir(path, { withFileTypes: true, recursive: true }).catch(() => null);
  if (!entries) return [path];
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

function runViteBuild(): Promise<void> {
  const vite = join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  return new Promise((resolve, reject) => {
    // Always a production build, whatever NODE_ENV the caller runs under (vitest sets 'test').
    const child = spawn(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
      cwd: webDir,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`The web build failed (exit ${code})`)),
    );
  });
}
