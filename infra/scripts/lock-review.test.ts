import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../local/paths';
import { type LockFile, reviewLock } from './lock-review';

const registryPackage = { version: '1.0.0', integrity: 'sha512-abc' };

describe('the offline lock-file review', () => {
  it('passes the repository lock file: registry packages only, every install script decided', () => {
    const lock = JSON.parse(readFileSync(join(repoRoot, 'package-lock.json'), 'utf8')) as LockFile;
    const { allowScripts } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));

    const review = reviewLock(lock, allowScripts);

    expect(review.findings).toEqual([]);
    expect(review.installScripts.map((p) => p.name)).toEqual(expect.arrayContaining(['esbuild']));
  });

  it('flags a package from a git or tarball source and one without an integrity hash', () => {
    const { findings } = reviewLock({
      packages: {
        '': {},
        functions: { version: '0.0.0' },
        'node_modules/@cmp/functions': { resolved: 'functions', link: true },
        'node_modules/ok': registryPackage,
        'node_modules/ok/node_modules/bundled': { version: '3.0.0', inBundle: true },
        'node_modules/from-git': { ...registryPackage, resolved: 'git+ssh://git@example.com/x.git#abc' },
        'node_modules/a/node_modules/no-hash': { version: '2.0.0' },
      },
    });

    expect(findings).toEqual([
      'from-git@1.0.0 comes from git+ssh://git@example.com/x.git#abc, not the registry',
      'no-hash@2.0.0 has no sha512 integrity hash',
    ]);
  });

  it('flags an install script nobody decided on, and lists the decided ones', () => {
    const lock = {
      packages: {
        'node_modules/native': { ...registryPackage, hasInstallScript: true },
        'node_modules/@scope/tool': { ...registryPackage, hasInstallScript: true },
        'node_modules/new-one': { ...registryPackage, hasInstallScript: true },
      },
    };

    const review = reviewLock(lock, { native: false, '@scope/tool@1.0.0': true });

    expect(review.findings).toEqual([
      'new-one@1.0.0 has an install script with no decision in package.json allowScripts (npm install-scripts approve|deny)',
    ]);
    expect(review.installScripts).toEqual([
      { name: 'native', version: '1.0.0', allowed: false },
      { name: '@scope/tool', version: '1.0.0', allowed: true },
    ]);
  });
});
