import { vi } from 'vitest';

/**
 * Moves this process's clock forward by `ms` at once and keeps it running from there, so the
 * functions of a test stack (they run in this process) see the time pass without the test waiting
 * for it. Only `Date` moves (timers keep real time), and never back within a file: a token issued
 * after the jump would be from the future once the clock went back.
 */
export function skipAhead(ms: number): void {
  if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(Date.now() + ms);
}

/** Past the time after a catalogue change within which lists are not kept (catalogue-cache.ts). */
export async function skipPastSettle(): Promise<void> {
  const { SETTLE_MS } = await import('@cmp/functions/http/catalogue-cache');
  skipAhead(SETTLE_MS + 100);
}
