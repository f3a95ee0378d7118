import * as z from 'zod';
import { readEntrySettings } from '../../config';
import { priceFromFeeds } from '../feed-prices';
import { hostPacer } from '../host-pacing';
import { fetcherFor } from './check-task';
import { taskInput } from './task-input';

readEntrySettings(process.env);

/** How long ReadFeeds may wait for the shops' turns in all. */
const READ_FEEDS_TIME_MS = 10 * 60_000;

const schema = z.object({
  runId: z.string().min(1),
  items: z.object({ bucket: z.string().min(1), key: z.string().min(1) }),
  total: z.number().int().nonnegative(),
});

/** ReadFeeds: the competitors' feeds read once; the URLs still to fetch as the Map's items. */
export const handler = async (event: unknown) => {
  const input = taskInput(schema, event, 'ReadFeeds');
  return priceFromFeeds(input, {
    fetcher: fetcherFor(input.runId),
    pacer: hostPacer({
      runId: input.runId,
      latestStartMs: Date.now() + READ_FEEDS_TIME_MS,
      maxWaitMs: READ_FEEDS_TIME_MS,
    }),
  });
};
