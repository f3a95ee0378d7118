import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { runCompletedTarget } from '../../functions/src/alerts/run-events';
import { routeGroups } from '../../functions/src/http/routes';
import { scrapeTasks, statusChangeTask } from '../../functions/src/scrape-run/tasks';
import { functionsDir } from '../lib/paths';

/**
 * A function's `needs` are what CDK grants it and the settings it gets (bind-needs.ts); its code is
 * what reads them. For the needs whose settings a module declares as a section, the two must agree:
 * a function whose code publishes a run's end without `runEvents` would fail at load on AWS (or be
 * denied at PutEvents), and one granted it without such code holds a permission it never uses.
 */
const sectionOfNeed = { runEvents: 'events', ses: 'alerts', scheduleRule: 'schedule' } as const;

const functions: [string, { entry: string; needs: readonly string[] }][] = [
  ...Object.entries(routeGroups).map(([name, def]) => [`route group ${name}`, def] as [string, typeof def]),
  ...Object.entries(scrapeTasks).map(([name, def]) => [`task ${name}`, def] as [string, typeof def]),
  ['StatusChange', statusChangeTask],
  ['alerts Lambda', runCompletedTarget],
];

/** The settings sections the entry's own modules declare (`settingsSection('<name>', …)`). */
async function sectionsReadBy(entry: string): Promise<Set<string>> {
  const { metafile } = await build({
    entryPoints: [join(functionsDir, entry)],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
  });
  const sections = new Set<string>();
  for (const input of Object.keys(metafile.inputs)) {
    for (const match of readFileSync(input, 'utf8').matchAll(/settingsSection\(\s*'([^']+)'/g))
      if (match[1]) sections.add(match[1]);
  }
  return sections;
}

describe("each function's needs", () => {
  it.each(functions)('match what the code of %s reads', async (_, { entry, needs }) => {
    const sections = await sectionsReadBy(entry);

    for (const [need, section] of Object.entries(sectionOfNeed))
      expect(
        needs.includes(need),
        `${need}: its code ${sections.has(section) ? 'reads' : 'does not read'} '${section}'`,
      ).toBe(sections.has(section));
  });
});
