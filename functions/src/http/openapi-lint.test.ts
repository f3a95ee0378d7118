import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openApiDocument } from './openapi';

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: {
    ruleId: string;
    severity: 'error' | 'warn';
    message: string;
    location: { pointer: string }[];
  }[];
}

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
// Redocly CLI is one bundled file with no Node API of its own: run its bin with this Node.
const cli = join(dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin/cli.js');
const dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Warnings of the recommended rules that the API has on purpose; any other warning fails, so a new
 * one is looked at rather than piling up:
 * - info-license: the product has no licence to name;
 * - no-ambiguous-paths: `/api/competitor-urls/product/{productId}` beside `…/{id}/accept-price`
 *   and the like (API Gateway and the local router prefer the literal segment; the paths are the spec's);
 * - operation-4xx-response: `GET /api/auth/status` (never 401) and `GET /api/openapi.json` answer no 4xx.
 */
const ACCEPTED_WARNINGS = ['info-license', 'no-ambiguous-paths', 'operation-4xx-response'];

/** Lints the document with the repository's redocly.yaml (recommended rules, no telemetry), offline. */
function lint(document: unknown): Promise<LintReport> {
  const file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(document, null, 2));
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [cli, 'lint', file, '--config', join(repoRoot, 'redocly.yaml'), '--format', 'json'],
      {
        cwd: repoRoot,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        timeout: 60_000,
      },
      // It exits 1 when it finds errors: the report on stdout says which.
      (error, stdout, stderr) => {
        try {
          resolve(JSON.parse(stdout) as LintReport);
        } catch {
          reject(error ?? new Error(`redocly lint printed no report: ${stderr}`));
        }
      },
    );
  });
}

const describeProblems = (problems: LintReport['problems']) =>
  problems.map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`).join('\n');

describe('the OpenAPI document under Redocly’s recommended rules', () => {
  it('has no errors, and only the warnings accepted above', { timeout: 60_000 }, async () => {
    const report = await lint(openApiDocument());
    const errors = report.problems.filter((p) => p.severity === 'error');
    const unexpected = report.problems.filter(
      (p) => p.severity !== 'error' && !ACCEPTED_WARNINGS.includes(p.ruleId),
    );

    expect(describeProblems(errors)).toBe('');
    expect(describeProblems(unexpected)).toBe('');
    expect(report.totals.errors).toBe(0);
  });

  it('reports what it is given: an operationId that is no identifier is an error', {
    timeout: 60_000,
  }, async () => {
    const document = openApiDocument();
    const login = document.paths['/api/auth/login'] as { post: { operationId: string } };
    const broken = {
      ...document,
      paths: {
        ...document.paths,
        '/api/auth/login': { post: { ...login.post, operationId: 'POST /api/auth/login' } },
      },
    };

    const report = await lint(broken);

    expect(report.problems.filter((p) => p.severity === 'error').map((p) => p.ruleId)).toEqual([
      'operation-operationId-url-safe',
    ]);
  });
});
