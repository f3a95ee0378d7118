import { afterAll, vi } from 'vitest';

/**
 * The files of a worker share one module graph (vitest.config.ts `isolate: false`), and so one
 * `Date`: a clock a file moved (clock.ts `skipAhead` fakes it) goes back to the real one after the
 * file. A faked clock also falls behind when the loop is busy, so one left over made a later file's
 * stand-in stack take a crashed process's fresh claims for future ones.
 */
afterAll(() => {
  vi.useRealTimers();
});
