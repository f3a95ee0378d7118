import * as z from 'zod';
import { readEntrySettings } from '../../config';
import { finalizeRun } from '../finalize';
import { taskInput } from './task-input';

readEntrySettings(process.env);

const schema = z.object({
  runId: z.string().min(1),
  /** Prepare's batches of URL ids. */
  batches: z.array(z.array(z.number().int().positive())),
});

/** Finalize: counts from the records, status completed, lock released. */
export const handler = async (event: unknown) => {
  const { runId, batches } = taskInput(schema, event, 'Finalize');
  return finalizeRun(runId, batches.flat());
};
