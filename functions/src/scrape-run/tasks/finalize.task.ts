import * as z from 'zod';
import { readEntrySettings } from '../../config';
import { dataObjectLines } from '../../lib/data-bucket';
import { finalizeRun } from '../finalize';
import { taskInput } from './task-input';

readEntrySettings(process.env);

const urlId = z.number().int().positive();
const schema = z.union([
  /** Where Prepare wrote the run's URL ids (decision 66). */
  z.object({
    runId: z.string().min(1),
    items: z.object({ bucket: z.string().min(1), key: z.string().min(1) }),
  }),
  // A run started before the items moved to the data bucket, still going at the deploy: its ids in batches.
  z.object({ runId: z.string().min(1), batches: z.array(z.array(urlId)) }),
  // A run started before batching (decision 59) and still going at the deploy hands the ids unbatched.
  z.object({ runId: z.string().min(1), urlIds: z.array(urlId) }),
]);

/** Finalize: counts from the records, status completed, lock released. */
export const handler = async (event: unknown) => {
  const input = taskInput(schema, event, 'Finalize');
  if ('items' in input) return finalizeRun(input.runId, await itemIds(input.items));
  return finalizeRun(input.runId, 'batches' in input ? input.batches.flat() : input.urlIds);
};

const itemSchema = z.object({ urlId });

/** The URL ids of Prepare's JSON Lines, each line checked. */
async function itemIds(place: { bucket: string; key: string }): Promise<number[]> {
  const ids: number[] = [];
  for await (const line of dataObjectLines(place)) ids.push(itemSchema.parse(JSON.parse(line)).urlId);
  return ids;
}
