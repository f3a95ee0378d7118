import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/**
 * CPU profiles of just the measured part of a benchmark, written as `<name>.cpuprofile` into
 * BENCH_PROFILE_DIR when it is set (open them in Chrome DevTools' Performance panel). Unlike
 * `node --cpu-prof`, they leave out seeding and start-up.
 */
const profileDir = () => process.env.BENCH_PROFILE_DIR;

async function save(name: string, profile: unknown): Promise<void> {
  const file = join(profileDir() ?? '.', `${name.replace(/\W+/g, '-').replace(/^-|-$/g, '')}.cpuprofile`);
  await writeFile(file, JSON.stringify(profile));
  console.error(`profile: ${file}`);
}

/** Profiles `action` on this Node thread (the local stack's handlers and dynalite run here). */
export async function profiled<T>(name: string, action: () => Promise<T>): Promise<T> {
  if (!profileDir()) return action();
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
    const result = await action();
    await save(name, (await session.post('Profiler.stop')).profile);
    return result;
  } finally {
    session.disconnect();
  }
}

/** Profiles `action` inside the page's renderer, through the DevTools protocol. */
export async function profiledPage<T>(page: Page, name: string, action: () => Promise<T>): Promise<T> {
  if (!profileDir()) return action();
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
    const result = await action();
    await save(name, (await cdp.send('Profiler.stop')).profile);
    return result;
  } finally {
    await cdp.detach();
  }
}
