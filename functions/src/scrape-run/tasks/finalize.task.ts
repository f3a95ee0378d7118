import * as z from 'zod';
import { readEntrySettings } from '../../config';
import { finalizeRun } from '../finalize';
import { taskInput } from './task-input';

readEntrySettings(process.env);

const urlId = z.number().int().positive();
const schema = z.union([
  /** Prepare's batches of URL ids. */
  z.object({ runId: z.string().min(1), batches: z.array(z.array(urlId)) }),
  // A run started before batching (decision 59) and still going at the deploy hands the ids unbatched.
  z.object({ runId: z.string().min(1), urlIds: z.array(urlId) }),
]);

/** Finalize: counts from the records, status completed, lock released. */
export const handler = async (event: unknown) => {
  const input = taskInput(schema, event, 'Finalize');
  return finalizeRun(input.runId, 'batches' in input ? input.batches.flat() : input.urlIds);
};
