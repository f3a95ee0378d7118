import * as z from 'zod';
import { perSettings } from '../../config';
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

/**
 * Runs one call of a check with its page paced per host. Answers the check's answer, or
 * `{ retryAt, retryAfterHonoured, waited }` when the shop has no turn for it soon: the state machine
 * waits until then and calls the same task again (its `render` and `escalating` kept).
 */
export async function pacedCheck(
  task: 'ScrapeUrl' | 'RenderUrl',
  event: unknown,
  check: (
    input: CheckInput,
    page: (
      getPage: (url: string, pacer: RequestPacer) => Promise<FetchedPage>,
    ) => (url: string) => Promise<FetchedPage>,
  ) => Promise<CheckAnswer>,
) {
  const input = taskInput(checkInputSchema, event, task);
  const { runId, checkStartedAt, retryAfterHonoured, waited } = input;
  // A run stopped while its check waited in the state machine: no request (one already in flight finishes).
  if (waited && (await getRun(runId))?.status !== 'running') return { recorded: false };
  const startedMs = checkStartedAt ? Date.parse(checkStartedAt) : Date.now();
  const paced = { runId, latestStartMs: startedMs + CHECK_START_CUTOFF_SECONDS * 1000, retryAfterHonoured };
  try {
    const answer = await check(input, (getPage) => pacedPage(getPage, paced));
    // To the browser: the same check's pace goes with it.
    return 'render' in answer ? { ...answer, retryAfterHonoured, waited: false } : answer;
  } catch (error) {
    if (!(error instanceof HostBusyError)) throw error;
    return {
      retryAt: waitTimestamp(error.retryAtMs),
      retryAfterHonoured: retryAfterHonoured || error.honoursRetryAfter,
      waited: true,
      ...(task === 'RenderUrl' ? { render: true, escalating: input.escalating } : {}),
    };
  }
}
