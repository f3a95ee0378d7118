import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What under `dir` (itself included) is not the owner's alone, as `<path> <mode>` lines: a
 * directory other than 0700, a file other than 0600. Empty when all is closed.
 */
export function notOwnerOnly(dir: string): string[] {
  const open: string[] = [];
  const walk = (path: string, name: string) => {
    const stat = lstatSync(path);
    const mode = stat.mode & 0o777;
    if (mode !== (stat.isDirectory() ? 0o700 : 0o600)) open.push(`${name} 0${mode.toString(8)}`);
    if (stat.isDirectory())
      for (const entry of readdirSync(path)) walk(join(path, entry), `${name}/${entry}`);
  };
  walk(dir, '.');
  return open;
}

/** How many paths are under `dir`, itself included. */
export function pathsUnder(dir: string): number {
  return lstatSync(dir).isDirectory()
    ? 1 + readdirSync(dir).reduce((sum, entry) => sum + pathsUnder(join(dir, entry)), 0)
    : 1;
}
