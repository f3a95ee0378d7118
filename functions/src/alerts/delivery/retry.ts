/**
 * Tries a delivery up to 3 times, waiting about 1 s then 4 s (jittered, so channels failing together
 * do not retry in step), but only while the failure may pass: a refusal that will not change (a 4xx
 * other than 429, a blocked address) is final at once.
 */

export type Attempt =
  | { readonly ok: true; readonly message: string }
  | { readonly ok: false; readonly message: string; readonly retryable: boolean };

/** Waits `ms`; tests pass one that does not, so they stay fast. */
export type Wait = (ms: number) => Promise<void>;

export const MAX_TRIES = 3;
const BASE_WAITS_MS = [1000, 4000];

const realWait: Wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The wait before try `n + 2` (n from 0): its base time ±25 %. */
export const backoffMs = (n: number, random = Math.random()): number =>
  Math.round((BASE_WAITS_MS[n] ?? 4000) * (0.75 + random * 0.5));

/** The last attempt's outcome, its message saying how many tries it took when more than one. */
export async function withRetries(attempt: () => Promise<Attempt>, wait: Wait = realWait): Promise<Attempt> {
  for (let tries = 1; ; tries++) {
    const outcome = await attempt();
    if (outcome.ok || !outcome.retryable || tries === MAX_TRIES)
      return tries === 1 ? outcome : { ...outcome, message: `${outcome.message} (${tries} tries)` };
    await wait(backoffMs(tries - 1));
  }
}
