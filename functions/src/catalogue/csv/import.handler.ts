import type { EventBridgeEvent } from 'aws-lambda';
import { readEntrySettings } from '../../config';
import { type IMPORT_QUEUED, type ImportQueuedDetail, importQueuedDetailSchema } from './import-events';
import { runImportJob } from './import-job';

readEntrySettings(process.env);

/**
 * The import Lambda: EventBridge calls it with each queued import (`Check My Price` /
 * `ImportQueued`). A failure throws, so Lambda tries again; a job that ended is left as it is.
 */
export async function handler(
  event: EventBridgeEvent<typeof IMPORT_QUEUED, ImportQueuedDetail>,
): Promise<void> {
  await runImportJob(importQueuedDetailSchema.parse(event.detail).import_id);
}
