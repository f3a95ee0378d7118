import * as z from 'zod';
import { finalizeRun } from '../finalize';
import { taskInput } from './task-input';

const schema = z.object({ runId: z.string().min(1) });

/** Finalize: counts from the records, status completed, lock released. */
export const handler = async (event: unknown) => finalizeRun(taskInput(schema, event, 'Finalize').runId);
