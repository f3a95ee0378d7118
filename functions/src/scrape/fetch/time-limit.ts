import { FetchTimeoutError } from './fetch-errors';

/** A pacer's shape (guarded-fetch.ts's RequestPacer), named here so the two modules do not import each other. */
interface Pacer<Turn> {
  begin(url: URL): Promise<Turn>;
  crawlDelayRead(url: URL, seconds: number | null): Promise<void>;
}

/**
 * One fetch's time limit (redirects and robots.txt included), stopped while the fetch waits for
 * its host's turn.
 */
export class TimeLimit {
  private readonly controller = new AbortController();
  private leftMs: number;
  private since = performance.now();
  private timer: NodeJS.Timeout | undefined;
  private waits = 0;

  constructor(private readonly limitMs: number) {
    this.leftMs = limitMs;
    this.arm();
  }

  /** The time used so far, its waits aside (whole ms). */
  usedMs(): number {
    const left = this.waits > 0 ? this.leftMs : this.leftMs - (performance.now() - this.since);
    return Math.round(this.limitMs - left);
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** The pacer, with this limit stopped while it waits to begin a turn. */
  pausedDuring<Turn>(pacer: Pacer<Turn>): Pacer<Turn> {
    return {
      begin: async (url) => {
        if (this.waits++ === 0) this.pause();
        try {
          return await pacer.begin(url);
        } finally {
          if (--this.waits === 0) this.arm();
        }
      },
      crawlDelayRead: (url, seconds) => pacer.crawlDelayRead(url, seconds),
    };
  }

  stop(): void {
    clearTimeout(this.timer);
  }

  private pause(): void {
    this.stop();
    this.leftMs -= performance.now() - this.since;
  }

  private arm(): void {
    if (this.signal.aborted) return;
    this.since = performance.now();
    this.timer = setTimeout(() => this.controller.abort(), Math.max(0, this.leftMs));
  }
}

/**
 * Waits for a shared robots.txt answer no longer than the page's own deadline. The shared fetch
 * goes on for the other pages of the origin; only this page gives up.
 */
export function withinDeadline<T>(work: Promise<T>, signal: AbortSignal, totalTimeoutMs: number): Promise<T> {
  if (signal.aborted) return Promise.reject(new FetchTimeoutError(totalTimeoutMs));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new FetchTimeoutError(totalTimeoutMs));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
