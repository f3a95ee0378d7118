import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runCompletedTarget } from '../alerts/run-events';
import { importQueuedTarget } from '../catalogue/csv/import-events';
import { discoveryTasks } from '../discovery/discovery-tasks';
import { routeGroups } from '../http/routes';
import { ecbRatesTarget } from '../pricing/ecb-rates-target';
import { scrapeTasks, statusChangeTask } from '../scrape-run/tasks';

/**
 * The entries of the functions: the Lambda handler modules (route groups, state-machine tasks) and
 * the CLIs. They alone read the environment; everything else gets its settings from them (config.ts).
 */
const functionsDir = join(import.meta.dirname, '../..');
afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

/** Every module of functions/src, as a path relative to the workspace (tests and their support left out). */
function sourceModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : sourceModules(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [relative(functionsDir, path)] : [];
  });
}

describe('who reads the environment', () => {
  const modules = sourceModules(join(functionsDir, 'src'));
  const lambdaEntries = [
    ...Object.values(routeGroups).map((group) => group.entry),
    ...Object.values(scrapeTasks).map((task) => task.entry),
    ...Object.values(discoveryTasks).map((task) => task.entry),
    statusChangeTask.entry,
    runCompletedTarget.entry,
    importQueuedTarget.entry,
    ecbRatesTarget.entry,
  ];
  const cliEntries = modules.filter((file) => file.endsWith('.cli.ts'));
  /** Whether the module's code (not its comments or strings) reads `process.env`. */
  const readsProcessEnv = (file: string) => {
    const parsed = ts.createSourceFile(
      file,
      readFileSync(join(functionsDir, file), 'utf8'),
      ts.ScriptTarget.Latest,
    );
    const reads = (node: ts.Node): boolean =>
      (ts.isPropertyAccessExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'process' &&
        node.name.text === 'env') ||
      (ts.forEachChild(node, reads) ?? false);
    return reads(parsed);
  };

  it('is only an entry (a Lambda handler module or a CLI): everything else gets its settings passed down', () => {
    expect(modules.length).toBeGreaterThan(100);
    const entries = new Set([...lambdaEntries, ...cliEntries]);

    const readers = modules.filter((file) => !entries.has(file) && readsProcessEnv(file));

    expect(readers).toEqual([]);
  });
});

describe('a Lambda entry', () => {
  const entries = [
    ...Object.values(routeGroups),
    ...Object.values(scrapeTasks),
    statusChangeTask,
    runCompletedTarget,
    importQueuedTarget,
    ecbRatesTarget,
  ].map(({ entry, needs }) => [entry, needs as readonly string[]] as const);
  /** The required settings CDK sets for these needs (infra/lib/bind-needs.ts); the rest have defaults. */
  const deployedSettings = (needs: readonly string[]) => ({
    TABLE_NAME: 'check-my-price',
    ...(needs.includes('tokenSecret')
      ? { TOKEN_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-2:1:secret:t' }
      : {}),
    ...(needs.includes('ses') ? { APP_URL: 'https://d1234.cloudfront.net' } : {}),
    ...(needs.includes('scheduleRule') ? { SCHEDULE_RULE_NAME: 'check-my-price-schedule' } : {}),
    ...(['runFilesWrite', 'runFilesRead', 'exportFiles', 'uploadFiles', 'uploadFilesRead'].some((need) =>
      needs.includes(need),
    )
      ? { DATA_BUCKET: 'check-my-price-data' }
      : {}),
  });
  const load = (entry: string) => import(/* @vite-ignore */ join(functionsDir, entry));

  it.each(entries)(
    '%s validates its settings as it loads: it fails without them and loads with what its needs set',
    async (entry, needs) => {
      vi.stubEnv('TABLE_NAME', undefined);
      vi.stubEnv('TOKEN_SECRET', undefined);
      vi.stubEnv('TOKEN_SECRET_ARN', undefined);

      await expect(load(entry)).rejects.toThrow(/TABLE_NAME/);
      vi.resetModules();
      for (const [name, value] of Object.entries(deployedSettings(needs))) vi.stubEnv(name, value);
      await expect(load(entry)).resolves.toHaveProperty('handler');
    },
  );
});
