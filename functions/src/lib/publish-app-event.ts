import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import * as z from 'zod';
import { perSettings, settingsSection } from '../config';
import { APP_EVENTS_SOURCE } from './app-events-source';
import { awsClientOptions } from './aws-client';

/** Where the app's events go (the `runEvents` need sets them on AWS; the local stack points at its bus). */
export const appEventsConfigSchema = z.object({
  EVENT_BUS_NAME: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).default('default')),
  /** Only set where EventBridge is answered somewhere else than AWS (the local stand-in). */
  EVENTBRIDGE_ENDPOINT: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
});

const eventsSettings = settingsSection('events', appEventsConfigSchema);
const eventBridge = perSettings(
  () => new EventBridgeClient(awsClientOptions(eventsSettings().EVENTBRIDGE_ENDPOINT)),
);

/**
 * Puts one event on the app's bus. Throws when EventBridge refuses the entry (PutEvents answers
 * 200 with the entry marked failed).
 */
export async function publishAppEvent(detailType: string, detail: object): Promise<void> {
  const answer = await eventBridge().send(
    new PutEventsCommand({
      Entries: [
        {
          EventBusName: eventsSettings().EVENT_BUS_NAME,
          Source: APP_EVENTS_SOURCE,
          DetailType: detailType,
          Detail: JSON.stringify(detail),
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
