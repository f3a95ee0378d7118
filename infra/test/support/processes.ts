import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { repoRoot } from '../../local/paths';

/** A port that was free a moment ago. */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface RunningCommand {
  child: ChildProcessWithoutNullStreams;
  output(): string;
  /** Resolves with the output so far once `text` has appeared in it. */
  waitFor(text: string | RegExp, timeoutMs?: number): Promise<string>;
  exited: Promise<number | null>;
}

/** Runs a command-line script of the repository to its end, with `stdin` as its input. */
export async function runToEnd(
  script: string,
  args: string[],
  env: Record<string, string>,
  stdin = '',
): Promise<{ code: number | null; output: string }> {
  const command = runScript(script, env, args);
  command.child.stdin.end(stdin);
  const code = await command.exited;
  return { code, output: command.output() };
}

/**
 * Runs a TypeScript entry point of the repository with extra environment, in one Node process with
 * tsx's loader (`node --import tsx`). Not through the tsx command: it relays a signal to its child
 * and, when the child's acknowledgement takes over 30 ms (a busy machine), kills it with SIGKILL and
 * exits 130, so a Ctrl-C test would fail on the machine's load instead of the code.
 */
export function runScript(script: string, env: Record<string, string>, args: string[] = []): RunningCommand {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
  });
  let output = '';
  const listeners = new Set<() => void>();
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitFor = (text: string | RegExp, timeoutMs = 60_000) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        if (typeof text === 'string' ? output.includes(text) : text.test(output)) {
          listeners.delete(check);
          clearTimeout(timer);
          resolve(output);
        }
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`Timed out waiting for ${text}; output so far:\n${output}`));
      }, timeoutMs);
      listeners.add(check);
      check();
    });
  return { child, output: () => output, waitFor, exited };
}
