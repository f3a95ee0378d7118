import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { provideSettings } from './config';
import { type LogFields, logger } from './logger';

afterEach(() => vi.restoreAllMocks());

/** The JSON lines Powertools writes (WARN and above to stderr) while `log` runs. */
function linesOf(log: () => void): Record<string, unknown>[] {
  const written: string[] = [];
  for (const stream of [process.stdout, process.stderr])
    vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
  log();
  vi.restoreAllMocks();
  return written
    .join('')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('the logger', () => {
  it("keeps a line's data, its reason included", () => {
    provideSettings({ POWERTOOLS_LOG_LEVEL: 'WARN' });

    const lines = linesOf(() =>
      logger().warn('Alert delivery failed', { channelId: 'c-1', reason: 'HTTP 500 from hooks.example.com' }),
    );

    expect(lines).toEqual([
      expect.objectContaining({
        level: 'WARN',
        message: 'Alert delivery failed',
        channelId: 'c-1',
        reason: 'HTTP 500 from hooks.example.com',
      }),
    ]);
  });

  it('does not compile a key Powertools keeps for itself, which it would drop (checked by tsc)', () => {
    expectTypeOf<{ reason: string; error: Error }>().toExtend<LogFields>();
    expectTypeOf<{ message: string }>().not.toExtend<LogFields>();
    expectTypeOf<{ level: string }>().not.toExtend<LogFields>();
    expectTypeOf<{ service: string }>().not.toExtend<LogFields>();
    expectTypeOf<{ timestamp: string }>().not.toExtend<LogFields>();
    expectTypeOf<{ sampling_rate: number }>().not.toExtend<LogFields>();
  });
});
