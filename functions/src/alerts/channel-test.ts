import type { DeliveryResult } from '@cmp/shared';
import { readAlertSettings, recordLastDelivery } from '../data/alert-settings.repository';
import { NotFoundError } from '../domain/errors';
import { sendTestMessage } from './delivery/deliver';

/** 'Send test': one message to the channel, recorded as its last delivery like any other. */
export async function sendChannelTest(channelId: string): Promise<DeliveryResult> {
  const { channels } = await readAlertSettings();
  const channel = channels.find((candidate) => candidate.id === channelId);
  if (!channel) throw new NotFoundError('Channel not found');
  const result = await sendTestMessage({ ...channel, last_delivery: null });
  await recordLastDelivery(channel.id, result);
  return result;
}
