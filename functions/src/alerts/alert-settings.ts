import { randomBytes, randomUUID } from 'node:crypto';
import type { AlertChannel, AlertSettings, AlertSettingsInput, Role } from '@cmp/shared';
import { checkPublicUrl } from '../catalogue/competitor-url-policy';
import { alertsConfigSchema, perSettings, settingsSection } from '../config';
import {
  readAlertSettings,
  readLastDeliveries,
  type StoredAlertSettings,
} from '../data/alert-settings.repository';
import { InvalidInputError } from '../domain/errors';
import { hostPortOf } from '../scrape/fetch/address-policy';
import { type StoredChannel, secretHint } from './channel';

const alertsSettings = settingsSection('alerts', alertsConfigSchema);
const allowHosts = perSettings(() => new Set(alertsSettings().ALERT_ALLOW_HOSTS));

/**
 * A Slack incoming-webhook URL is a credential (its path is the token): shown as its origin and
 * last 4 characters. Saving that masked form back keeps the stored URL.
 */
const maskedUrl = (target: string) => `${new URL(target).origin}/…${target.slice(-4)}`;

/**
 * A generic webhook's URL may carry a credential too (a token in its path or query): staff see it
 * masked like a Slack URL; admins, who save the channels back, see it whole.
 */
const targetShown = (channel: Pick<StoredChannel, 'type' | 'target'>, viewer: Role) =>
  channel.type === 'slack' || (channel.type === 'webhook' && viewer !== 'admin')
    ? maskedUrl(channel.target)
    : channel.target;

/**
 * The settings as the API shows them to a `viewer` of that role: secrets only as a hint, each
 * channel with its last delivery.
 */
export async function alertSettingsView(viewer: Role): Promise<AlertSettings> {
  const stored = await readAlertSettings();
  const deliveries = await readLastDeliveries(stored.channels.map((channel) => channel.id));
  return {
    events: stored.events,
    channels: stored.channels.map(
      (channel): AlertChannel => ({
        id: channel.id,
        type: channel.type,
        target: targetShown(channel, viewer),
        enabled: channel.enabled,
        secret_hint: secretHint(channel.secret),
        last_delivery: deliveries.get(channel.id) ?? null,
      }),
    ),
  };
}

/** A webhook or Slack address the server may post to: https, and public unless allowed (local receivers). */
function checkChannelUrl(target: string): string {
  const url = new URL(checkPublicUrl(target, allowHosts()));
  if (url.protocol !== 'https:' && !allowHosts().has(hostPortOf(url)))
    throw new InvalidInputError('Channel URLs must use https');
  return url.href;
}

/** A new webhook's signing secret: 32 random bytes, hex. */
const newSecret = () => randomBytes(32).toString('hex');

/**
 * The settings an admin saved, applied over the stored ones: a channel sent with its id keeps its
 * secret (and, sent back masked, its Slack URL); one without an id is created, a webhook with a new
 * secret, returned once. A channel left out is removed. An unknown id, or one whose type changed,
 * is refused rather than guessed at.
 */
export function applyAlertSettings(
  input: AlertSettingsInput,
  stored: StoredAlertSettings,
): { settings: StoredAlertSettings; secrets: Map<string, string> } {
  const byId = new Map(stored.channels.map((channel) => [channel.id, channel]));
  const secrets = new Map<string, string>();
  const channels = input.channels.map((channel, index): StoredAlertSettings['channels'][number] => {
    const existing = channel.id === undefined ? undefined : byId.get(channel.id);
    if (channel.id !== undefined && (!existing || existing.type !== channel.type))
      throw new InvalidInputError(`Channel ${index + 1}: unknown channel id ${channel.id}`, {
        field: `channels.${index}.id`,
      });
    const keepsSlackUrl = existing?.type === 'slack' && channel.target === maskedUrl(existing.target);
    const target =
      channel.type === 'email' || keepsSlackUrl ? channel.target : checkChannelUrlAt(index, channel.target);
    const id = existing?.id ?? randomUUID();
    let secret = existing?.secret ?? null;
    if (channel.type === 'webhook' && secret === null) {
      secret = newSecret();
      secrets.set(id, secret);
    }
    return {
      id,
      type: channel.type,
      target: keepsSlackUrl && existing ? existing.target : target,
      enabled: channel.enabled,
      secret,
    };
  });
  return { settings: { events: input.events, channels }, secrets };
}

function checkChannelUrlAt(index: number, target: string): string {
  try {
    return checkChannelUrl(target);
  } catch (error) {
    if (error instanceof InvalidInputError)
      throw new InvalidInputError(`Channel ${index + 1}: ${error.message}`, {
        field: `channels.${index}.target`,
      });
    throw error;
  }
}
