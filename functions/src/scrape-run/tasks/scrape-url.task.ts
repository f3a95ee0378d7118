import * as z from 'zod';
import { perSettings, readEntrySettings } from '../../config';
import { getRun } from '../../data/scrape-run.repository';
import { createGuardedFetcher, type GuardedFetcher } from '../../scrape/fetch/guarded-fetch';
import { createBedrockClient, createBedrockExtractor } from '../../scrape/llm/bedrock-extractor';
import { scrapeSettings, userAgent } from '../../scrape/scrape.config';
import { HostBusyError, pacedFetch, waitTimestamp } from '../host-pacing';
import { hostProxy } from '../host-settings-cache';
import { scrapeUrl } from '../scrape-url';
import { CHECK_START_CUTOFF_SECONDS } from '../state-machine';
import { taskInput } from './task-input';

readEntrySettings(process.env);

/** The LLM tier, when a model is configured. */
const llm = perSettings(() => {
  const config = scrapeSettings();
  return config.BEDROCK_MODEL_ID
    ? createBedrockExtractor({ client: createBedrockClient(config), modelId: config.BEDROCK_MODEL_ID })
    : null;
});

// robots.txt answers are cached per run: one fetcher per run, kept while this container serves it.
const kept = perSettings((): { current?: { runId: string; fetcher: GuardedFetcher } } => ({}));
function fetcherFor(runId: string): GuardedFetcher {
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

const schema = z.object({
  runId: z.string().min(1),
  urlId: z.number().int().positive(),
  /** When the URL's check began (its child execution's start); a check called on its own begins now. */
  checkStartedAt: z.iso.datetime().optional(),
  /** An earlier call of this check already waited the time a 429/503 asked for. */
  retryAfterHonoured: z.boolean().default(false),
  /** This call comes after the state machine waited for the shop's turn (WaitForHost). */
  waited: z.boolean().default(false),
});

/**
 * ScrapeUrl: fetch, extract and record one competitor URL, each request paced per host. Answers
 * `{ recorded }`, or `{ retryAt, retryAfterHonoured }` when the shop has no turn for it soon: the
 * state machine waits until then (WaitForHost) and calls it again.
 */
export const handler = async (event: unknown) => {
  const { runId, urlId, checkStartedAt, retryAfterHonoured, waited } = taskInput(schema, event, 'ScrapeUrl');
  // A run stopped while its check waited in the state machine: no request (one already in flight finishes).
  if (waited && (await getRun(runId))?.status !== 'running') return { recorded: false };
  const startedMs = checkStartedAt ? Date.parse(checkStartedAt) : Date.now();
  const check = { runId, latestStartMs: startedMs + CHECK_START_CUTOFF_SECONDS * 1000, retryAfterHonoured };
  try {
    return await scrapeUrl(runId, urlId, { fetchPage: pacedFetch(fetcherFor(runId), check), llm: llm() });
  } catch (error) {
    if (!(error instanceof HostBusyError)) throw error;
    return {
      retryAt: waitTimestamp(error.retryAtMs),
      retryAfterHonoured: retryAfterHonoured || error.honoursRetryAfter,
      waited: true,
    };
  }
};
