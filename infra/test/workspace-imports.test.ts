/**
 * Imports run one way between the workspaces (decision 6). Biome's noRestrictedImports refuses
 * wrong-way imports by name, but cannot tell where a relative path such as `../../x` lands; this
 * test resolves every import of every source file and checks the workspace it reaches. Inside
 * functions, domain and data code throw domain errors and know nothing of HTTP: only the edge
 * (`http/` and the route groups in `api/`) imports from `http/`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const workspaces = ['shared', 'functions', 'web', 'infra'] as const;
type Workspace = (typeof workspaces)[number];
/** Where an import lands: a workspace, or somewhere none may reach (the repo root, outside it). */
type Place = Workspace | 'outside';

/** What each workspace may import besides itself. */
const mayImport: Record<Workspace, readonly Place[]> = {
  shared: [],
  functions: ['shared'],
  web: ['shared'],
  infra: ['functions', 'shared'],
};

const skippedDirs = new Set(['node_modules', 'dist', 'cdk.out']);
const sourceFile = /\.[cm]?tsx?$/;

function placeOf(name: string): Place {
  return (workspaces as readonly string[]).includes(name) ? (name as Workspace) : 'outside';
}

/** Where `specifier`, imported by `file` (relative to the repo root), lands; null for npm packages. */
function target(file: string, specifier: string): Place | null {
  const workspacePackage = /^@cmp\/([^/]+)/.exec(specifier);
  if (workspacePackage) return placeOf(workspacePackage[1] ?? '');
  if (!specifier.startsWith('.')) return null;
  const resolved = path.relative(root, path.resolve(root, path.dirname(file), specifier));
  return resolved.startsWith('..') ? 'outside' : placeOf(resolved.split(path.sep)[0] ?? '');
}

/** Every import of `source` (static, dynamic, type-only, re-exports). */
const importsOf = (source: string) =>
  ts.preProcessFile(source, true, true).importedFiles.map(({ fileName }) => fileName);

/** The imports of `source` that go the wrong way between the workspaces. */
function wrongWayImports(file: string, source: string): string[] {
  const from = placeOf(file.split('/')[0] ?? '');
  if (from === 'outside') return [];
  return importsOf(source)
    .filter((specifier) => {
      const to = target(file, specifier);
      return to !== null && to !== from && !mayImport[from].includes(to);
    })
    .map((specifier) => `${file} imports '${specifier}'`);
}

const functionsSrc = 'functions/src';
const httpEdge = ['http', 'api'].map((dir) => `${functionsSrc}/${dir}/`);

/** The imports of `source` that reach into functions' `http/` from outside the HTTP edge. */
function httpImports(file: string, source: string): string[] {
  if (!file.startsWith(`${functionsSrc}/`) || httpEdge.some((dir) => file.startsWith(dir))) return [];
  return importsOf(source)
    .filter((specifier) => {
      if (!specifier.startsWith('.')) return /^@cmp\/functions\/http(\/|$)/.test(specifier);
      const resolved = path.relative(root, path.resolve(root, path.dirname(file), specifier));
      return `${resolved.split(path.sep).join('/')}/`.startsWith(httpEdge[0] ?? '');
    })
    .map((specifier) => `${file} imports '${specifier}'`);
}

/** Every source file of the workspaces, as a path relative to the repo root with `/` separators. */
function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory())
      return skippedDirs.has(entry.name) || entry.name.startsWith('.') ? [] : sourceFiles(relative);
    return sourceFile.test(entry.name) ? [relative] : [];
  });
}

describe('workspace imports', () => {
  it('finds no import that goes the wrong way between the workspaces', () => {
    const files = workspaces.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(300);
    const wrong = files.flatMap((file) => wrongWayImports(file, readFileSync(path.join(root, file), 'utf8')));
    expect(wrong).toEqual([]);
  });

  it.each([
    ['shared/src/price.ts', "import { tableDefinition } from '@cmp/functions/data/table';"],
    ['shared/src/price.ts', "import { tableDefinition } from '../../functions/src/data/table';"],
    ['shared/src/price.ts', "import config from '../../vitest.config';"],
    ['functions/src/data/table.ts', "import { webDir } from '../../../infra/local/paths';"],
    ['functions/src/data/table.ts', "export * from '@cmp/web/src/lib/notify';"],
    ['web/src/lib/notify.ts', "const { routes } = await import('@cmp/functions/http/routes');"],
    ['web/src/lib/notify.ts', "import type { Stack } from '@cmp/infra/lib/stateful-stack';"],
    ['infra/lib/paths.ts', "import { notify } from '../../web/src/lib/notify';"],
  ])('refuses a wrong-way import in %s: %s', (file, source) => {
    expect(wrongWayImports(file, source)).toHaveLength(1);
  });

  it.each([
    ['shared/src/price.ts', "import { money } from './money';"],
    ['functions/src/data/table.ts', "import type { Product } from '@cmp/shared';"],
    ['web/src/lib/notify.ts', "import { toast } from 'react-toastify';"],
    ['infra/lib/paths.ts', "import { tableDefinition } from '../../functions/src/data/table';"],
    ['infra/lib/paths.ts', "import { routes } from '@cmp/functions/http/routes';"],
  ])('lets the allowed import through in %s: %s', (file, source) => {
    expect(wrongWayImports(file, source)).toEqual([]);
  });
});

describe('imports of the HTTP edge inside functions', () => {
  it('finds none outside http/ and api/', () => {
    const files = sourceFiles(functionsSrc);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => httpImports(file, readFileSync(path.join(root, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it.each([
    ['functions/src/data/unique-claim.ts', "import { ConflictError } from '../http/errors';"],
    ['functions/src/catalogue/csv/upload.ts', "import type { HttpError } from '../../http/errors';"],
    ['functions/src/auth/login.ts', "export * from '../http/response';"],
  ])('refuses one in %s: %s', (file, source) => {
    expect(httpImports(file, source)).toHaveLength(1);
  });

  it.each([
    ['functions/src/api/auth.api.ts', "import { groupHandler } from '../http/http-handler';"],
    [
      'functions/src/http/middleware/error-response.middleware.ts',
      "import { isExposedHttpError } from '../errors';",
    ],
    ['functions/src/catalogue/products.ts', "import { NotFoundError } from '../domain/errors';"],
    ['functions/src/auth/login.ts', "import { login } from './http';"],
  ])('lets one through in %s: %s', (file, source) => {
    expect(httpImports(file, source)).toEqual([]);
  });
});
