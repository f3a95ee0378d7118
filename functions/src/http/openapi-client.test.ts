import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { openApiDocument } from './openapi';

/**
 * A client a user of the API would write: openapi-fetch over the types openapi-typescript makes from
 * the document. Each `@ts-expect-error` must still be an error, so the types are checked to be
 * tight, not just present.
 */
const CLIENT = `
import createClient from 'openapi-fetch';
import type { operations, paths } from './api';

const client = createClient<paths>({ baseUrl: '/' });

export async function signIn(email: string, password: string): Promise<string> {
  const { data, error } = await client.POST('/api/auth/login', { body: { email, password } });
  if (error) throw new Error(error.error);
  return data.token;
}

export async function skus(): Promise<string[]> {
  const { data, error } = await client.GET('/api/products');
  if (error) throw new Error(error.error);
  return data.products.map((product) => product.sku);
}

export async function rename(id: number, name: string): Promise<string | undefined> {
  const { data } = await client.PUT('/api/products/{id}', {
    params: { path: { id: String(id) } },
    body: { sku: 'K-1', name, current_price: 10 },
  });
  return data?.product.name;
}

export async function latestUndercuts(): Promise<string[]> {
  const { data } = await client.GET('/api/alerts', { params: { query: { limit: '10', kind: 'undercut' } } });
  return data?.alerts.map((alert) => alert.id) ?? [];
}

export async function startRun(): Promise<string | undefined> {
  const { data } = await client.POST('/api/scraper/run', {});
  return data?.run_id;
}

// The same answer, by path and by operationId.
type ProductList = paths['/api/products']['get']['responses'][200]['content']['application/json'];
type SameList = operations['getProducts']['responses'][200]['content']['application/json'];
export const sameShape: ProductList extends SameList ? (SameList extends ProductList ? true : never) : never = true;

export async function mistakes(): Promise<void> {
  // @ts-expect-error no such route
  await client.GET('/api/product');
  // @ts-expect-error a product is saved with its body
  await client.PUT('/api/products/{id}', { params: { path: { id: '1' } } });
  // @ts-expect-error the price is a number
  await client.POST('/api/products', { body: { sku: 'K-1', name: 'Kettle', current_price: true } });
  // @ts-expect-error no such alert kind
  await client.GET('/api/alerts', { params: { query: { kind: 'cheaper' } } });
  const { data } = await client.GET('/api/products');
  // @ts-expect-error a product has no price field of that name
  data?.products[0]?.price;
}
`;

const dir = mkdtempSync(join(tmpdir(), 'openapi-client-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function typeErrors(files: string[]): string[] {
  const require = createRequire(import.meta.url);
  const openapiFetch = join(dirname(require.resolve('openapi-fetch/package.json')), 'dist/index.d.mts');
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
    // The temp dir has no node_modules: the one package the client imports is mapped to its types.
    paths: { 'openapi-fetch': [openapiFetch] },
    // The libraries' own declarations are theirs to check; the generated types and the client are ours.
    skipLibCheck: true,
  });
  return ts.getPreEmitDiagnostics(program).map((d) =>
    ts.formatDiagnostic(d, {
      getCanonicalFileName: (f) => f,
      getCurrentDirectory: () => dir,
      getNewLine: () => '\n',
    }),
  );
}

describe('a typed client generated from the OpenAPI document', () => {
  it('compiles under strict TypeScript', { timeout: 60_000 }, async () => {
    const types = astToString(await openapiTS(openApiDocument() as unknown as OpenAPI3));
    writeFileSync(join(dir, 'api.ts'), types);
    writeFileSync(join(dir, 'client.ts'), CLIENT);

    expect(typeErrors([join(dir, 'api.ts'), join(dir, 'client.ts')])).toEqual([]);
  });
});
