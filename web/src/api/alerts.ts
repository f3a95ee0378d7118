// Alerts (docs/api.md#alerts): the latest alerts, the products with an alert since the last run, and the
// alert settings with their writes (save, a channel's test message).
import type { Alert, AlertKind, AlertSettings, AlertSettingsInput, Reply } from '@cmp/shared';
import useSWR, { mutate } from 'swr';
import { expectSuccess } from '../lib/api-result';
import { notifyError } from '../lib/notify';
import { call } from './client';
import { keys } from './keys';

export interface AlertsFilter {
  limit: number;
  kind: AlertKind | null;
  productId: number | null;
}

async function fetchAlerts({ limit, kind, productId }: AlertsFilter): Promise<Alert[]> {
  const query: Record<string, string> = { limit: String(limit) };
  if (kind !== null) query.kind = kind;
  if (productId !== null) query.product_id = String(productId);
  return expectSuccess(await call('GET /api/alerts', { query })).alerts;
}

/** The newest alerts passing `filter`, newest first. */
export function useAlerts(filter: AlertsFilter) {
  return useSWR(
    keys.alerts(filter.limit, filter.kind ?? '', filter.productId ?? 0),
    () => fetchAlerts(filter),
    { onError: (error) => notifyError(error, 'Failed to fetch alerts') },
  );
}

/** Each product with an alert since the latest whole-catalogue run, with its kinds, by product id. */
async function fetchAlertsSinceLastRun(): Promise<ReadonlyMap<number, readonly AlertKind[]>> {
  const { products } = expectSuccess(await call('GET /api/alerts/since-last-run'));
  return new Map(products.map((product) => [product.product_id, product.kinds]));
}

/** The dashboard's alert markers. A failure only loses the markers, so it is only logged. */
export const useAlertsSinceLastRun = () =>
  useSWR(keys.alertsSinceLastRun, fetchAlertsSinceLastRun, {
    onError: (error) => console.error('Failed to fetch alerts since the last run', error),
  });

async function fetchAlertSettings(): Promise<AlertSettings> {
  return expectSuccess(await call('GET /api/alert-settings')).settings;
}

export function useAlertSettings() {
  return useSWR(keys.alertSettings, fetchAlertSettings, {
    onError: (error) => notifyError(error, 'Failed to fetch alert settings'),
  });
}

/** The settings as saved; a new webhook channel carries its signing secret, in this answer only. */
export type SavedAlertSettings = Reply<'PUT /api/alert-settings'>['settings'];

/** Replaces the settings (admins only) and puts the answer, without the secrets, in the cache. */
export async function saveAlertSettings(input: AlertSettingsInput): Promise<SavedAlertSettings> {
  const { settings } = expectSuccess(await call('PUT /api/alert-settings', { body: input }));
  const withoutSecrets: AlertSettings = {
    events: settings.events,
    channels: settings.channels.map(({ secret: _secret, ...channel }) => channel),
  };
  await mutate(keys.alertSettings, withoutSecrets, { revalidate: false });
  return settings;
}

/** Sends one test message to a saved channel; resolves with how it went (also recorded as its last delivery). */
export async function sendChannelTest(id: string): Promise<{ ok: boolean; message: string }> {
  const { ok, message } = expectSuccess(
    await call('POST /api/alert-settings/channels/{id}/test', { params: { id }, body: {} }),
  );
  await mutate(keys.alertSettings);
  return { ok, message };
}
