import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import * as z from 'zod';
import { perSettings, settingsSection } from '../config';
import { awsClientOptions } from '../lib/aws-client';
import {
  RUN_COMPLETED,
  RUN_EVENTS_SOURCE,
  type RunCompletedDetail,
  runCompletedDetailSchema,
} from './run-events';

/** Where run events go (the `runEvents` need sets them on AWS; the local stack points at its bus). */
export const runEventsConfigSchema = z.object({
  EVENT_BUS_NAME: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).default('default')),
  /** Only set where EventBridge is answered somewhere else than AWS (the local stand-in). */
  EVENTBRIDGE_ENDPOINT: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
});

const eventsSettings = settingsSection('events', runEventsConfigSchema);
const eventBridge = perSettings(
  () => new EventBridgeClient(awsClientOptions(eventsSettings().EVENTBRIDGE_ENDPOINT)),
);

/**
 * Puts one `RunCompleted` event on the run-events bus. Throws when EventBridge refuses the entry
 * (PutEvents answers 200 with the entry marked failed).
 * @example await publishRunCompleted({ run_id, status: 'completed', finished_at })
 */
export async function publishRunCompleted(detail: RunCompletedDetail): Promise<void> {
  const answer = await eventBridge().send(
    new PutEventsCommand({
      Entries: [
        {
          EventBusName: eventsSettings().EVENT_BUS_NAME,
          Source: RUN_EVENTS_SOURCE,
          DetailType: RUN_COMPLETED,
          Detail: JSON.stringify(runCompletedDetailSchema.parse(detail)),
        },
      ],
    }),
  );
  const failed = answer.Entries?.find((entry) => entry.ErrorCode);
  if (answer.FailedEntryCount || failed)
    throw new Error(
      `EventBridge refused the event: ${failed?.ErrorCode ?? 'unknown'} ${failed?.ErrorMessage ?? ''}`,
    );
}
