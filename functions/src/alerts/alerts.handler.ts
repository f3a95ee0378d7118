import type { EventBridgeEvent } from 'aws-lambda';
import { readEntrySettings } from '../config';
import { processRunAlerts, type RunAlertsSummary } from './process-run';
import { type RUN_COMPLETED, type RunCompletedDetail, runCompletedDetailSchema } from './run-events';

readEntrySettings(process.env);

/**
 * The alerts Lambda: EventBridge calls it with each ended run (`Check My Price` / `RunCompleted`).
 * A failure throws, so EventBridge tries again; processing a run twice sends nothing twice.
 */
export async function handler(
  event: EventBridgeEvent<typeof RUN_COMPLETED, RunCompletedDetail>,
): Promise<RunAlertsSummary> {
  const detail = runCompletedDetailSchema.parse(event.detail);
  return processRunAlerts(detail.run_id);
}
