import { readFileSync } from 'node:fs';
import { contract, type RouteContract } from '@cmp/shared';
import { describe, expect, it } from 'vitest';

/**
 * docs/api.md describes the routes by hand, one table row each; the contract (shared/src/contract/)
 * is right where the two disagree. These checks keep the rows honest: every contract route has a
 * row, no row or passage names a route the contract lacks, and each row says whether the route is
 * public and whether it is for admins only.
 */
const apiMd = readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');
const routes = Object.entries(contract) as [string, RouteContract][];
const routeById = new Map(routes);

/** Admins-only routes are those the contract lets answer 403 (staff refused); nothing else does. */
const adminOnly = (route: RouteContract) => 403 in route.responses;

interface RouteRow {
  /** `GET /api/products`, any `?query` in the cell left out. */
  routeId: string;
  line: number;
  /** The cell under the table's `public` column; undefined in tables without one. */
  publicCell: string | undefined;
  text: string;
}

const cellsOf = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());

/** The table rows whose first cell is a route id, with their table's `public` column if it has one. */
function routeRows(markdown: string): RouteRow[] {
  const rows: RouteRow[] = [];
  let header: string[] | undefined;
  markdown.split('\n').forEach((line, index) => {
    if (!line.startsWith('|')) {
      header = undefined;
      return;
    }
    const cells = cellsOf(line);
    if (!header) {
      header = cells;
      return;
    }
    const routeId = /^`((?:GET|POST|PUT|PATCH|DELETE) \/api\/[^`?\s]*)(?:\?[^`]*)?`$/.exec(
      cells[0] ?? '',
    )?.[1];
    if (!routeId) return;
    const publicColumn = header.indexOf('public');
    rows.push({
      routeId,
      line: index + 1,
      publicCell: publicColumn < 0 ? undefined : cells[publicColumn],
      text: line,
    });
  });
  return rows;
}

/** A row to paste into docs/api.md for a route it lacks: what the contract knows, the rest to write. */
function rowToPaste(id: string, route: RouteContract): string {
  const statuses = Object.keys(route.responses).map(Number);
  const success = statuses.filter((status) => status < 300).join(' or ');
  const errors = statuses.filter((status) => status >= 400 && status !== 401 && status !== 500);
  return `| \`${id}\` |${route.public ? ' yes |' : ''} | ${success} ${route.summary} | ${errors.join('. ')} |`;
}

const rows = routeRows(apiMd);

describe('docs/api.md against the contract', () => {
  it('has a row for every contract route', () => {
    const documented = new Set(rows.map((row) => row.routeId));
    const missing = routes.filter(([id]) => !documented.has(id)).map(([id, route]) => rowToPaste(id, route));

    expect(missing.join('\n')).toBe('');
  });

  it('names no route the contract lacks, in a row or anywhere else', () => {
    const named = [...apiMd.matchAll(/`((?:GET|POST|PUT|PATCH|DELETE) \/api\/[^`?\s…]*)(?:\?[^`]*)?`/g)].map(
      (match) => match[1] ?? '',
    );
    const unknown = [...new Set([...rows.map((row) => row.routeId), ...named])].filter(
      (id) => !routeById.has(id),
    );

    expect(unknown).toEqual([]);
  });

  it('marks public routes public, and only them', () => {
    const wrong = rows.flatMap((row) => {
      const isPublic = routeById.get(row.routeId)?.public === true;
      // A table without a public column holds protected routes only (the conventions say so).
      const saysPublic = row.publicCell === 'yes';
      return isPublic === saysPublic
        ? []
        : [
            `line ${row.line}: ${row.routeId} is ${isPublic ? 'public' : 'not public'}, the row says otherwise`,
          ];
    });

    expect(wrong).toEqual([]);
  });

  it('gives the admins-only routes their 403, and no other route one', () => {
    const wrong = rows.flatMap((row) => {
      const route = routeById.get(row.routeId);
      if (!route) return [];
      const says403 = /\b403\b/.test(row.text);
      return adminOnly(route) === says403
        ? []
        : [
            `line ${row.line}: ${row.routeId} is ${adminOnly(route) ? '' : 'not '}admins-only (403 in the contract)`,
          ];
    });

    expect(wrong).toEqual([]);
  });
});
