import * as z from 'zod';
import { hostOnlySettings, perSettings } from '../../config';
import { getRun } from '../../data/scrape-run.repository';
import type { FetchedPage, GuardedFetcher, RequestPacer } from '../../scrape/fetch/guarded-fetch';
import { createGuardedFetcher } from '../../scrape/fetch/guarded-fetch';
import { createBedrockClient, createBedrockExtractor } from '../../scrape/llm/bedrock-extractor';
import { scrapeSettings, userAgent } from '../../scrape/scrape.config';
import { HostBusyError, pacedPage, waitTimestamp } from '../host-pacing';
import { hostProxy } from '../host-settings-cache';
import type { CheckAnswer } from '../scrape-url';
import { CHECK_START_CUTOFF_SECONDS } from '../state-machine';
import { taskInput } from './task-input';

/**
 * What the two check tasks share (ScrapeUrl, a page fetched plain; RenderUrl, one rendered): their
 * input, the model, the run's fetcher, and the host's pace, which hands a long wait back to the state
 * machine.
 */

/** The LLM tier, when a model is configured. */
export const llm = perSettings(() => {
  const config = scrapeSettings();
  return config.BEDROCK_MODEL_ID
    ? createBedrockExtractor({ client: createBedrockClient(config), modelId: config.BEDROCK_MODEL_ID })
    : null;
});

// robots.txt answers are cached per run: one fetcher per run, kept while this container serves it.
const kept = perSettings((): { current?: { runId: string; fetcher: GuardedFetcher } } => ({}));
export function fetcherFor(runId: string): GuardedFetcher {
  const held = kept();
  if (held.current?.runId !== runId) {
    const config = scrapeSettings();
    held.current = {
      runId,
      fetcher: createGuardedFetcher({
        allowHosts: config.SCRAPER_ALLOW_HOSTS,
        hostMap: config.SCRAPER_HOST_MAP,
        userAgent: userAgent(config),
        proxyFor: (host) => hostProxy(host, runId),
        headersTimeoutMs: hostOnlySettings().fetchHeadersTimeoutMsForTests,
      }),
    };
  }
  return held.current.fetcher;
}

export const checkInputSchema = z.object({
  runId: z.string().min(1),
  urlId: z.number().int().positive(),
  /** When the URL's check began (its child execution's start); a check called on its own begins now. */
  checkStartedAt: z.iso.datetime().optional(),
  /** An earlier call of this check already waited the time a 429/503 asked for. */
  retryAfterHonoured: z.boolean().default(false),
  /** This call comes after the state machine waited for the shop's turn (WaitForHost). */
  waited: z.boolean().default(false),
  /** RenderUrl: `auto` found the page needs the browser (ScrapeUrl's answer). */
  escalating: z.boolean().default(false),
});
export type CheckInput = z.output<typeof checkInputSchema>;

/** A page getter whose requests are paced per host, for one call of a task. */
export type Paced = (
  getPage: (url: string, pacer: RequestPacer) => Promise<FetchedPage>,
) => (url: string) => Promise<FetchedPage>;

/** What a paced task knows of its time and of the waits before this call. */
export interface PaceIn {
  /** Whose hosts' settings are read (a run's or a discovery job's id). */
  readonly key: string;
  /** When the task's child execution began; a task called on its own begins now. */
  readonly startedAt?: string | undefined;
  readonly retryAfterHonoured: boolean;
  readonly waited: boolean;
}

/**
 * One call of a task whose page is paced per host (a check, a discovery's page read). Answers the
 * task's answer, or `{ retryAt, retryAfterHonoured, waited, ...comeBackWith }` when the shop has no
 * turn for it soon: the state machine waits until then and calls the same task again. After such a
 * wait, nothing is fetched unless `stillWanted` (the run or job was stopped meanwhile): `stopped`.
 */
export async function pacedTask<A extends object>(
  pace: PaceIn,
  options: {
    stillWanted(): Promise<boolean>;
    stopped: A;
    comeBackWith?: Record<string, unknown>;
    attempt(paced: Paced): Promise<A>;
  },
) {
  const { key, startedAt, retryAfterHonoured, waited } = pace;
  if (waited && !(await options.stillWanted())) return options.stopped;
  const startedMs = startedAt ? Date.parse(startedAt) : Date.now();
  const check = {
    runId: key,
    latestStartMs: startedMs + CHECK_START_CUTOFF_SECONDS * 1000,
    retryAfterHonoured,
  };
  try {
    const answer = await options.attempt((getPage) => pacedPage(getPage, check));
    // To the browser: the same pace goes with it.
    return 'render' in answer ? { ...answer, retryAfterHonoured, waited: false } : answer;
  } catch (error) {
    if (!(error instanceof HostBusyError)) throw error;
    return {
      retryAt: waitTimestamp(error.retryAtMs),
      retryAfterHonoured: retryAfterHonoured || error.honoursRetryAfter,
      waited: true,
      ...options.comeBackWith,
    };
  }
}

/** A check's call (ScrapeUrl, RenderUrl) paced per host, its `render` and `escalating` kept across waits. */
export async function pacedCheck(
  task: 'ScrapeUrl' | 'RenderUrl',
  event: unknown,
  check: (input: CheckInput, paced: Paced) => Promise<CheckAnswer>,
) {
  const input = taskInput(checkInputSchema, event, task);
  const { runId, checkStartedAt, retryAfterHonoured, waited } = input;
  return pacedTask(
    { key: runId, startedAt: checkStartedAt, retryAfterHonoured, waited },
    {
      // A run stopped while its check waited in the state machine: no request (one already in flight finishes).
      stillWanted: async () => (await getRun(runId))?.status === 'running',
      stopped: { recorded: false },
      ...(task === 'RenderUrl' ? { comeBackWith: { render: true, escalating: input.escalating } } : {}),
      attempt: (paced) => check(input, paced),
    },
  );
}
