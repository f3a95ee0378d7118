import { publishAppEvent } from '../lib/publish-app-event';
import { RUN_COMPLETED, type RunCompletedDetail, runCompletedDetailSchema } from './run-events';

/**
 * Puts one `RunCompleted` event on the app's bus.
 * @example await publishRunCompleted({ run_id, status: 'completed', finished_at })
 */
export async function publishRunCompleted(detail: RunCompletedDetail): Promise<void> {
  await publishAppEvent(RUN_COMPLETED, runCompletedDetailSchema.parse(detail));
}
