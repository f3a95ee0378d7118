import type { Context, EventBridgeEvent } from 'aws-lambda';
import { readEntrySettings } from '../../config';
import { type IMPORT_QUEUED, type ImportQueuedDetail, importQueuedDetailSchema } from './import-events';
import { runImportJob } from './import-job';

readEntrySettings(process.env);

/**
 * The import Lambda: EventBridge calls it with each queued import (`Check My Price` /
 * `ImportQueued`). A failure throws, so Lambda tries again; a job that ended is left as it is. A
 * file longer than one run goes on in the next (the job is queued again before the time is up).
 */
export async function handler(
  event: EventBridgeEvent<typeof IMPORT_QUEUED, ImportQueuedDetail>,
  context: Pick<Context, 'getRemainingTimeInMillis'>,
): Promise<void> {
  await runImportJob(importQueuedDetailSchema.parse(event.detail).import_id, () =>
    context.getRemainingTimeInMillis(),
  );
}
