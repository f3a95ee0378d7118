import { type AlertEvent, type DeliveryResult, suggestionFor } from '@cmp/shared';
import { getDashboardProducts } from '../dashboard/dashboard-products';
import {
  listRunAlerts,
  listRunDeliveries,
  putRunAlerts,
  readAlertStates,
  recordRunDelivery,
  type StoredAlert,
  saveAlertStates,
} from '../data/alert.repository';
import { readAlertSettings, recordLastDelivery } from '../data/alert-settings.repository';
import { readPricingRules } from '../data/pricing-rule.repository';
import { getRun } from '../data/scrape-run.repository';
import { logger } from '../logger';
import type { StoredChannel } from './channel';
import { deliverDigest } from './delivery/deliver';
import { type AlertState, derivePositionAlerts, NO_STATE, sameState } from './derive-alerts';

export interface RunAlertsSummary {
  /** Alerts this call wrote (0 when a retry found them written). */
  written: number;
  /** Alerts of the run in all. */
  alerts: number;
  deliveries: { channel_id: string; result: DeliveryResult }[];
}

const eventOf = ({ id, run_id, created_at, ...event }: StoredAlert): AlertEvent => event;

/**
 * After a run ends: each visible product in the run's scope (the whole catalogue, or the one
 * product it checked), with its suggested price under the pricing rules, compared with what was
 * last reported, its events written once, then one
 * digest per enabled channel. Safe to repeat for the same run: the events are written only if
 * absent, the kept state no longer differs, and a channel that already took the digest is skipped.
 */
export async function processRunAlerts(runId: string): Promise<RunAlertsSummary> {
  const run = await getRun(runId);
  if (!run || run.status === 'running' || run.completed_at === null)
    return { written: 0, alerts: 0, deliveries: [] };
  const [settings, products, states, rules] = await Promise.all([
    readAlertSettings(),
    getDashboardProducts(),
    readAlertStates(),
    readPricingRules(),
  ]);
  const inScope = run.product_id === null ? products : products.filter((p) => p.id === run.product_id);

  const events: AlertEvent[] = [];
  const changed = new Map<number, AlertState>();
  for (const product of inScope) {
    const previous = states.get(product.id) ?? NO_STATE;
    // Worked out whether or not its alert is on: its reference then moves on, as every kind's does.
    const suggested = rules.length === 0 ? null : suggestionFor(rules, product).suggested_price;
    const derived = derivePositionAlerts(
      { product, comparison: product.price_comparison, suggested },
      previous,
      settings.events,
    );
    events.push(...derived.events);
    if (!sameState(previous, derived.state)) changed.set(product.id, derived.state);
  }
  // Events before state: a retry after a failure in between derives the same events again.
  const written = await putRunAlerts(runId, run.completed_at, events);
  await saveAlertStates(changed);

  const alerts = await listRunAlerts(runId);
  if (alerts.length === 0) return { written, alerts: 0, deliveries: [] };
  const delivered = new Set(
    (await listRunDeliveries(runId)).filter((delivery) => delivery.ok).map((delivery) => delivery.channel_id),
  );
  const digest = { run_id: runId, finished_at: run.completed_at, events: alerts.map(eventOf) };
  const channels = settings.channels.filter((channel) => channel.enabled && !delivered.has(channel.id));
  const deliveries = await Promise.all(
    channels.map(async (channel) => {
      const result = await deliverDigest({ ...channel, last_delivery: null } satisfies StoredChannel, digest);
      await recordRunDelivery(runId, { channel_id: channel.id, ...result });
      await recordLastDelivery(channel.id, result);
      if (!result.ok)
        logger().warn('Alert delivery failed', { runId, channelId: channel.id, reason: result.message });
      return { channel_id: channel.id, result };
    }),
  );
  logger().info('Run alerts', { runId, written, alerts: alerts.length, channels: deliveries.length });
  return { written, alerts: alerts.length, deliveries };
}
