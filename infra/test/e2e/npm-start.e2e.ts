import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, runScript } from '../support/processes';

/** `npm start` as an engineer meets it: the printed sign-in, one origin, Ctrl-C, restarts, a busy port. */
let dataDir: string;
let port: number;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'cmp-start-'));
  port = await freePort();
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const start = () =>
  runScript('infra/local/start.ts', {
    PORT: String(port),
    DATA_DIR: dataDir,
    ADMIN_EMAIL: '',
    ADMIN_PASSWORD: '',
  });

const signIn = (password: string) =>
  fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password }),
  });

describe('npm start', () => {
  let password = '';

  it('creates the first admin on an empty data directory, prints how to sign in, and serves app and API on one origin', async () => {
    const app = start();
    try {
      const output = await app.waitFor('Press Ctrl-C');
      password = /Sign in as admin@example\.com with password (\S+)/.exec(output)?.[1] ?? '';

      const page = await fetch(`http://127.0.0.1:${port}/products`);
      const config = await fetch(`http://127.0.0.1:${port}/config.json`);

      expect(output).toContain(`Check My Price is running at http://localhost:${port}`);
      expect(output).toMatch(
        /Seeded the demo catalogue: 9 products, 15 competitor URLs on http:\/\/127\.0\.0\.1:\d+/,
      );
      // What the demo holds, failures on purpose included (demo-summary.ts).
      expect(output).toContain(`Brightway Electricals: http://brightway.localhost:${port + 100}`);
      expect(output).toContain('3 of its URLs fail on purpose');
      expect(password.length).toBeGreaterThanOrEqual(12);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
      expect(await config.json()).toEqual({ apiUrl: '/api', shopCurrency: 'GBP' });
      expect((await signIn(password)).status).toBe(200);
    } finally {
      app.child.kill('SIGINT');
      expect(await app.exited).toBe(0);
    }
  });

  it('keeps the data across a restart and prints no new password', async () => {
    const app = start();
    try {
      const output = await app.waitFor('Press Ctrl-C');

      expect(output).not.toContain('with password');
      expect(output).not.toContain('Seeded the demo catalogue');
      expect((await signIn(password)).status).toBe(200);
    } finally {
      app.child.kill('SIGINT');
      await app.exited;
    }
  });

  it('says in one line that the port is in use, without a stack trace', async () => {
    const first = start();
    await first.waitFor('Press Ctrl-C');
    const second = runScript('infra/local/start.ts', { PORT: String(port), DATA_DIR: `${dataDir}-second` });
    try {
      const code = await second.exited;
      const lines = second
        .output()
        .trim()
        .split('\n')
        .filter((line) => !line.startsWith('npm warn'));

      expect(code).toBe(1);
      expect(lines).toEqual([
        `Port ${port} is already in use: stop the other program or choose another port, e.g. PORT=3001 npm start`,
      ]);
    } finally {
      first.child.kill('SIGINT');
      await first.exited;
      await rm(`${dataDir}-second`, { recursive: true, force: true });
    }
  });

  it('answers every request from launch within 10 s: 503 with Retry-After until it is ready, then the app', async () => {
    const startingDir = `${dataDir}-starting`;
    const app = runScript('infra/local/start.ts', { PORT: String(port), DATA_DIR: startingDir });
    const ready = app.waitFor('Press Ctrl-C', 120_000);
    const answers: { status: number | 'refused'; retryAfter: string | null; ms: number }[] = [];
    try {
      let printedReady = false;
      void ready.then(() => {
        printedReady = true;
      });
      // One request every 100 ms from launch until the app says it is ready.
      const polls: Promise<void>[] = [];
      while (!printedReady) {
        polls.push(poll(`http://127.0.0.1:${port}/api/scraper/status`, answers));
        await new Promise((resolve) => setTimeout(resolve, 100));
        if (polls.length > 1200) throw new Error(`Not ready after 120 s:\n${app.output()}`);
      }
      await Promise.all(polls);
      const afterReady: typeof answers = [];
      await poll(`http://127.0.0.1:${port}/api/scraper/status`, afterReady);

      const answered = answers.filter((answer) => answer.status !== 'refused');
      expect(answered.every((answer) => answer.ms < 10_000)).toBe(true);
      expect(answered.map((answer) => answer.status)).toContain(503);
      for (const answer of answered.filter((a) => a.status === 503)) expect(answer.retryAfter).toBe('1');
      // Once up, the API answers as usual: 401 without a token.
      expect(afterReady[0]?.status).toBe(401);
    } finally {
      app.child.kill('SIGINT');
      await app.exited;
      await rm(startingDir, { recursive: true, force: true });
    }
  });
});

async function poll(
  url: string,
  answers: { status: number | 'refused'; retryAfter: string | null; ms: number }[],
) {
  const started = Date.now();
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    await response.arrayBuffer();
    answers.push({
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      ms: Date.now() - started,
    });
  } catch (error) {
    // Refused before the port listens is an answer too (the client learns at once); a time-out is not.
    if ((error as Error).name === 'TimeoutError')
      answers.push({ status: 0, retryAfter: null, ms: Date.now() - started });
    else answers.push({ status: 'refused', retryAfter: null, ms: Date.now() - started });
  }
}
