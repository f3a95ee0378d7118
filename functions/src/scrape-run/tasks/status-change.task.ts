import * as z from 'zod';
import { readEntrySettings } from '../../config';
import { endAbandonedDiscovery, isDiscoveryExecution } from '../../discovery/discovery-job';
import { endAbandonedRun } from '../status-change';
import { taskInput } from './task-input';

readEntrySettings(process.env);

/** EventBridge's "Step Functions Execution Status Change" event (only the fields we read). */
const schema = z.object({
  detail: z.object({
    executionArn: z.string().min(1),
    status: z.string(),
  }),
});

/**
 * Marks the run (or discovery job) of a failed, timed-out or aborted execution, so none stays
 * 'running' forever.
 */
export const handler = async (event: unknown) => {
  const { detail } = taskInput(schema, event, 'StatusChange');
  return isDiscoveryExecution(detail.executionArn)
    ? endAbandonedDiscovery(detail.executionArn, detail.status)
    : endAbandonedRun(detail.executionArn, detail.status);
};
