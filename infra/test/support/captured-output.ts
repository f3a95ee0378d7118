import { vi } from 'vitest';

/**
 * Everything written to stdout and stderr from now on (the functions run in this process, and
 * Powertools writes there), until `vi.restoreAllMocks()`.
 */
export function captureOutput(): () => string {
  const chunks: string[] = [];
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream);
    vi.spyOn(stream, 'write').mockImplementation(((chunk: string | Uint8Array, ...rest: never[]) => {
      chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString());
      // Keep vitest's own reporting working; only the functions' lines are of interest.
      return String(chunk).startsWith('{') ? true : write(chunk, ...rest);
    }) as typeof stream.write);
  }
  return () => chunks.join('');
}

/** The JSON log lines in captured output. */
export const logLines = (text: string): Record<string, unknown>[] =>
  text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
