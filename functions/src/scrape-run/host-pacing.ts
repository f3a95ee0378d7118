/**
 * Politeness per competitor host across a whole run (decision 37): at most 2 requests in flight
 * to one host and at least 1 s (or the spacing an admin set for the host, or its robots.txt
 * Crawl-delay, whichever is longer) between their starts, whichever
 * Lambda sends them, kept in the host's item in DynamoDB (data/host-pace.repository.ts). A check
 * waits for its host's turn in its Lambda only briefly; a longer wait is handed back to the state
 * machine, which waits for free and calls the check again (HostBusyError).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { hostOnlySettings } from '../config';
import {
  endHostRequest,
  type HostPace,
  type HostSlot,
  holdHostStarts,
  readHostPace,
  setHostSpacing,
  startHostRequest,
} from '../data/host-pace.repository';
import { logger } from '../logger';
import { HttpStatusError, OutOfTimeError } from '../scrape/fetch/fetch-errors';
import {
  FETCH_TIME_LIMIT_MS,
  type FetchedPage,
  type GuardedFetcher,
  type RequestPacer,
  type RequestTurn,
} from '../scrape/fetch/guarded-fetch';
import { MAX_CRAWL_DELAY_SECONDS } from '../scrape/fetch/robots';
import { hostSpacingMs } from './host-settings-cache';

/** The least time between two request starts to one host, whatever its robots.txt says. */
export const MIN_SPACING_MS = 1000;

/**
 * How long one check may wait for its host inside its Lambda, in all: the longest Crawl-delay, so
 * the gap between a host's robots.txt and the page that needed it is waited here, where that
 * robots.txt answer is kept. Longer waits are the state machine's, which costs next to nothing.
 */
export const MAX_WAIT_IN_TASK_MS = MAX_CRAWL_DELAY_SECONDS * 1000;

/**
 * Added to every gap: a start is decided a moment before the host sees the request (a round trip
 * to DynamoDB, then the connection), and those moments differ a little. A request that reaches
 * its host later than this moves the gap on from then (RequestTurn.reached).
 */
const START_MARGIN_MS = 50;

/** A request's place frees itself this long after it started, should its check die: longer than a fetch may take. */
const PLACE_HELD_MS = FETCH_TIME_LIMIT_MS + 10_000;

/** With both places taken, how soon to look again (they free as soon as their requests end). */
const RECHECK_BUSY_MS = 250;

export const NO_TIME_LEFT = 'Not checked: no time was left for this page in this run';
export const PACE_LEFT_NO_TIME = "Not checked: the shop's pace left no time for this page in this run";

/** The check should come back at `retryAtMs` (its host's next turn, or the wait the shop asked for). */
export class HostBusyError extends Error {
  override readonly name = 'HostBusyError';
  constructor(
    readonly retryAtMs: number,
    /** This wait is the one a 429/503 asked for: a second refusal stands. */
    readonly honoursRetryAfter = false,
  ) {
    super(`The host's next turn is at ${new Date(retryAtMs).toISOString()}`);
  }
}

/** What one call of a URL's check knows about its time. */
export interface PacedCheck {
  /** The run it is part of: the hosts' settings are read afresh for each. */
  readonly runId: string;
  /** No request of this check may start after this (epoch ms): the rest of the check needs the time. */
  readonly latestStartMs: number;
  /** An earlier call already waited the time a 429/503 asked for. */
  readonly retryAfterHonoured: boolean;
}

/**
 * One check's page fetch with every request paced per host. A 429 or 503 that asks us to wait is
 * honoured once, when the check has the time: it comes back when the wait is over (HostBusyError).
 * A second refusal, or a wait longer than the check has, stands and is recorded as the refusal.
 */
export function pacedFetch(
  fetcher: GuardedFetcher,
  check: PacedCheck,
  now: () => number = Date.now,
): (url: string) => Promise<FetchedPage> {
  return pacedPage((url, pacer) => fetcher.fetchPage(url, pacer), check, now);
}

/** The same for any way of getting a page whose requests a pacer paces (a page rendered in the browser). */
export function pacedPage(
  getPage: (url: string, pacer: RequestPacer) => Promise<FetchedPage>,
  check: PacedCheck,
  now: () => number = Date.now,
): (url: string) => Promise<FetchedPage> {
  const pacer = hostPacer(check, now);
  return async (url) => {
    try {
      return await getPage(url, pacer);
    } catch (error) {
      if (error instanceof HttpStatusError && error.retryAfterMs !== null && !check.retryAfterHonoured) {
        // The host itself is already held until then (the turn's end): no check starts sooner.
        const retryAtMs = now() + error.retryAfterMs;
        if (retryAtMs <= check.latestStartMs) throw new HostBusyError(retryAtMs, true);
      }
      throw error;
    }
  };
}

const unknownPace: HostPace = { nextStartMs: 0, slotsBusyUntilMs: [0, 0] };

/** The pacer of one call of a check, over the hosts' items in DynamoDB. */
export function hostPacer(
  check: Pick<PacedCheck, 'latestStartMs'> &
    Partial<Pick<PacedCheck, 'runId'>> & {
      /** How long it may wait for turns in all (a task that reads one host's sitemaps waits long). */
      readonly maxWaitMs?: number;
    },
  now: () => number = Date.now,
): RequestPacer {
  let waitedMs = 0;
  const maxWaitMs = check.maxWaitMs ?? MAX_WAIT_IN_TASK_MS;
  const floorMs = hostOnlySettings().hostSpacingMsForTests ?? MIN_SPACING_MS;
  // The spacing an admin set for the host, never below the floor (a Crawl-delay may ask more).
  const spacingOf = async (host: string) =>
    Math.max(floorMs, (await hostSpacingMs(host, check.runId ?? '', now())) ?? 0);
  return {
    async begin(url) {
      const host = url.hostname;
      const minSpacingMs = await spacingOf(host);
      // Most hosts are free: try to start before reading anything.
      let pace = unknownPace;
      for (;;) {
        const at = now();
        const slot = freeSlot(pace, at);
        const startAt = Math.max(pace.nextStartMs, slot === null ? at + RECHECK_BUSY_MS : at);
        if (startAt > check.latestStartMs)
          throw new OutOfTimeError(at > check.latestStartMs ? NO_TIME_LEFT : PACE_LEFT_NO_TIME);
        if (startAt > at) {
          if (waitedMs + (startAt - at) > maxWaitMs) throw new HostBusyError(startAt);
          await sleep(startAt - at);
          waitedMs += startAt - at;
        }
        if (slot !== null) {
          const startedAt = now();
          const busyUntilMs = startedAt + PLACE_HELD_MS;
          const nextFromMs = startedAt + START_MARGIN_MS;
          const nextStartMs = await startHostRequest(host, slot, {
            nowMs: startedAt,
            nextFromMs,
            minSpacingMs,
            busyUntilMs,
          });
          if (nextStartMs !== null)
            return turn({ host, slot, busyUntilMs, nextFromMs, gapMs: nextStartMs - nextFromMs }, now);
        }
        pace = await readHostPace(host);
      }
    },

    async crawlDelayRead(url, seconds) {
      const minSpacingMs = await spacingOf(url.hostname);
      const spacingMs = seconds === null ? null : seconds * 1000;
      const asksMore = spacingMs !== null && spacingMs > minSpacingMs;
      await setHostSpacing(url.hostname, asksMore ? spacingMs : null, now());
      // robots.txt itself was a request: the page that needed it waits the Crawl-delay after it too.
      if (asksMore) await holdHostStarts(url.hostname, now() + spacingMs + START_MARGIN_MS);
    },
  };
}

function freeSlot(pace: HostPace, at: number): HostSlot | null {
  const [first, second] = pace.slotsBusyUntilMs;
  if (first <= at) return 0;
  return second <= at ? 1 : null;
}

interface Started {
  readonly host: string;
  readonly slot: HostSlot;
  readonly busyUntilMs: number;
  /** The host's next start is `gapMs` after this. */
  readonly nextFromMs: number;
  readonly gapMs: number;
}

function turn(started: Started, now: () => number): RequestTurn {
  const { host, slot, busyUntilMs } = started;
  // A place frees itself when its time runs out, a gap is kept at least as planned: the page's own
  // result matters more than these writes.
  const warn = (error: unknown) => logger().warn('Could not pace a request to a host', { host, error });
  let reaching: Promise<void> = Promise.resolve();
  return {
    reached() {
      const at = now();
      // Reached the host later than planned (a slow round trip, a busy process): the gap runs from now.
      if (at > started.nextFromMs) reaching = holdHostStarts(host, at + started.gapMs).catch(warn);
    },
    async end(holdMs) {
      // A hold (a Retry-After) lands before the place frees: a check waiting for that place must
      // find the host held, not slip in between the two writes.
      if (holdMs !== null) await holdHostStarts(host, now() + holdMs).catch(warn);
      await Promise.all([reaching, endHostRequest(host, slot, busyUntilMs).catch(warn)]);
    },
  };
}

/** Step Functions reads a Wait state's timestamp to the second: the next whole second from `ms`. */
export function waitTimestamp(ms: number): string {
  return new Date(Math.ceil(ms / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
