import { readEntrySettings } from '../../config';
import { taskInput } from '../../scrape-run/tasks/task-input';
import { matchDiscovery } from '../discovery-steps';
import { jobInputSchema } from './discovery-input';

readEntrySettings(process.env);

/** MatchDiscovery: what the job found matched against the catalogue as suggestions; the job ends. */
export const handler = async (event: unknown) =>
  matchDiscovery(taskInput(jobInputSchema, event, 'MatchDiscovery'));
