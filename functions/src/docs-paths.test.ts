import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every file docs/*.md cites must exist: a link's target (relative to docs/), and a path in code or
 * in the text (`functions/src/http/openapi.ts`, or a path under a workspace's src named from where
 * the passage stands, `features/auth/components/user-panel.tsx`, or a bare module name,
 * `url-snapshot.ts`). A file that is renamed or deleted fails here until the docs follow.
 */
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const docsDir = join(repoRoot, 'docs');

/** Not in the repository on purpose: build output, local data, installed packages. */
const GENERATED = /^(web\/dist|cdk\.out|\.data|node_modules)\//;
const SKIPPED_DIRS = new Set(['node_modules', '.git', 'cdk.out', 'dist', '.data', 'coverage']);
/** What a path must end with to count as a file citation; a bare name only with a source extension. */
const FILE_EXTENSION = /\.(ts|tsx|js|mjs|cjs|json|md|ya?ml|sh|css|html)$/;
const SOURCE_EXTENSION = /\.(ts|tsx|js|mjs|cjs|md|sh)$/;
const WORKSPACE_PATH = /^(functions|shared|web|infra|docs|\.ci)\//;

/** Every file and folder of the repository (folders ending in `/`), relative to its root. */
function repoFiles(dir = repoRoot, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = relative(repoRoot, join(dir, entry.name)).split('\\').join('/');
    if (entry.isDirectory()) {
      if (SKIPPED_DIRS.has(entry.name)) continue;
      found.push(`${path}/`);
      repoFiles(join(dir, entry.name), found);
    } else {
      found.push(path);
    }
  }
  return found;
}

interface Citation {
  doc: string;
  line: number;
  path: string;
  /** A link target, relative to docs/. */
  link: boolean;
}

/** The file paths a markdown text cites: link targets, and path-like words in code spans and text. */
export function citedPaths(doc: string, markdown: string): Citation[] {
  const citations: Citation[] = [];
  const lineAt = (offset: number) => markdown.slice(0, offset).split('\n').length;
  for (const match of markdown.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = match[1]?.split('#')[0] ?? '';
    if (target && !/^[a-z]+:/i.test(target)) {
      citations.push({ doc, line: lineAt(match.index), path: decodeURI(target), link: true });
    }
  }
  const words = (text: string, offset: number, inCode: boolean) => {
    for (const word of text.matchAll(/[\w./@-]+/g)) {
      const path = word[0].replace(/[.]+$/, '');
      const isFile = path.includes('/')
        ? FILE_EXTENSION.test(path) || WORKSPACE_PATH.test(path)
        : SOURCE_EXTENSION.test(path);
      // Outside code only the workspace paths: prose has words like "and/or".
      if (!isFile || (!inCode && !WORKSPACE_PATH.test(path)) || path.startsWith('/')) continue;
      // A path with a placeholder next to it (`<group>.api.ts`, `*.test.ts`, `{id}`) names no one file.
      const after = text[(word.index ?? 0) + word[0].length] ?? '';
      const before = text[(word.index ?? 0) - 1] ?? '';
      if (/[<>*{}…]/.test(before + after)) continue;
      citations.push({ doc, line: lineAt(offset + (word.index ?? 0)), path, link: false });
    }
  };
  let last = 0;
  for (const code of markdown.matchAll(/`([^`\n]+)`/g)) {
    words(markdown.slice(last, code.index).replace(/\]\([^)]*\)/g, ''), last, false);
    words(code[1] ?? '', code.index + 1, true);
    last = code.index + code[0].length;
  }
  words(markdown.slice(last).replace(/\]\([^)]*\)/g, ''), last, false);
  return citations;
}

const files = repoFiles();
const names = new Set(files.map((file) => basename(file)));

function exists({ path, link }: Citation): boolean {
  if (link) return existsSync(join(docsDir, path));
  if (GENERATED.test(path)) return true;
  if (!path.includes('/')) return names.has(path);
  const fromDocs = normalize(join('docs', path)).split('\\').join('/');
  // A folder is cited with or without its trailing slash.
  const candidates = path.endsWith('/') ? [path] : [path, `${path}/`];
  return files.some((file) =>
    candidates.some((p) => file === p || file === fromDocs || file.endsWith(`/${p}`)),
  );
}

describe('the files docs/*.md cite', () => {
  const docs = readdirSync(docsDir).filter((name) => name.endsWith('.md'));

  it('finds the citations it is meant to', () => {
    const found = citedPaths(
      'x.md',
      [
        'See [rules](rules.md#9-csv-import) and `functions/src/http/openapi.ts`,',
        'the hook (`features/auth/components/user-panel.tsx`), `run-stats.ts`, functions/README.md.',
        'Not: `<group>.api.ts`, `*.test.ts`, `/config.json`, `products-template.csv`, [site](https://x.example/a.md).',
      ].join('\n'),
    );

    expect(found.map((c) => `${c.line} ${c.link ? 'link' : 'path'} ${c.path}`)).toEqual([
      '1 link rules.md',
      '1 path functions/src/http/openapi.ts',
      '2 path features/auth/components/user-panel.tsx',
      '2 path run-stats.ts',
      '2 path functions/README.md',
    ]);
    expect(exists({ doc: 'x.md', line: 1, path: 'api/dashboard-data.ts', link: false })).toBe(false);
  });

  it.each(docs)('docs/%s cites only files that exist', (doc) => {
    const missing = citedPaths(doc, readFileSync(join(docsDir, doc), 'utf8'))
      .filter((citation) => !exists(citation))
      .map(({ line, path }) => `docs/${doc}:${line} ${path}`);

    expect(missing).toEqual([]);
  });
});
