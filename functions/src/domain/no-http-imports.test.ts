/**
 * Domain and data code throw domain errors and know nothing of HTTP: only the edge (http/, and
 * the route groups in api/) may import from http/. This test resolves every import of every
 * other source file and refuses one that lands there.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '..');
const edge = ['http', 'api'];

/** The imports of `source` (in `file`, relative to src/) that reach into http/. */
function httpImports(file: string, source: string): string[] {
  if (edge.includes(file.split('/')[0] ?? '')) return [];
  return ts
    .preProcessFile(source, true, true)
    .importedFiles.map(({ fileName }) => fileName)
    .filter((specifier) => {
      if (!specifier.startsWith('.')) return false;
      const resolved = path.relative(src, path.resolve(src, path.dirname(file), specifier));
      return resolved.split(path.sep)[0] === 'http';
    })
    .map((specifier) => `${file} imports '${specifier}'`);
}

/** Every source file under src/, relative to it with `/` separators. */
function sourceFiles(dir = ''): string[] {
  return readdirSync(path.join(src, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return sourceFiles(relative);
    return entry.name.endsWith('.ts') ? [relative] : [];
  });
}

describe('imports of the HTTP edge', () => {
  it('finds none outside http/ and api/', () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => httpImports(file, readFileSync(path.join(src, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it.each([
    ['data/unique-claim.ts', "import { ConflictError } from '../http/errors';"],
    ['catalogue/csv/upload.ts', "import type { HttpError } from '../../http/errors';"],
    ['auth/login.ts', "export * from '../http/response';"],
  ])('refuses one in %s: %s', (file, source) => {
    expect(httpImports(file, source)).toHaveLength(1);
  });

  it.each([
    ['api/auth.api.ts', "import { defineRoute } from '../http/http-handler';"],
    ['http/middleware/error-response.middleware.ts', "import { isExposedHttpError } from '../errors';"],
    ['catalogue/products.ts', "import { NotFoundError } from '../domain/errors';"],
    ['auth/login.ts', "import { login } from './http';"],
  ])('lets one through in %s: %s', (file, source) => {
    expect(httpImports(file, source)).toEqual([]);
  });
});
