import * as z from 'zod';
import { readEntrySettings } from '../../config';
import { prepareRun } from '../prepare';
import { runInputSchema } from '../run-input';
import { scrapeRunSettings } from '../scrape-run.config';
import { taskInput } from './task-input';

readEntrySettings(process.env);

const schema = z.object({
  request: runInputSchema,
  executionArn: z.string().min(1),
  executionName: z.string().min(1),
  startedAt: z.string().min(1),
});

/** Prepare: the lock, the run record, the URL ids for the Map in the data bucket. */
export const handler = async (event: unknown) =>
  prepareRun(taskInput(schema, event, 'Prepare'), scrapeRunSettings().SCRAPE_RUN_TIMEOUT_SECONDS);
