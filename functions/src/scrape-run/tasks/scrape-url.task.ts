import * as z from 'zod';
import { perSettings, readEntrySettings } from '../../config';
import { createGuardedFetcher, type GuardedFetcher } from '../../scrape/fetch/guarded-fetch';
import { createBedrockClient, createBedrockExtractor } from '../../scrape/llm/bedrock-extractor';
import { scrapeSettings, userAgent } from '../../scrape/scrape.config';
import { scrapeUrl } from '../scrape-url';
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
let current: { runId: string; fetcher: GuardedFetcher } | undefined;
function fetcherFor(runId: string): GuardedFetcher {
  if (current?.runId !== runId) {
    const config = scrapeSettings();
    current = {
      runId,
      fetcher: createGuardedFetcher({ allowHosts: config.SCRAPER_ALLOW_HOSTS, userAgent: userAgent(config) }),
    };
  }
  return current.fetcher;
}

const schema = z.object({ runId: z.string().min(1), urlId: z.number().int().positive() });

/** ScrapeUrl: fetch, extract and record one competitor URL. */
export const handler = async (event: unknown) => {
  const { runId, urlId } = taskInput(schema, event, 'ScrapeUrl');
  const fetcher = fetcherFor(runId);
  return scrapeUrl(runId, urlId, { fetchPage: (url) => fetcher.fetchPage(url), llm: llm() });
};
