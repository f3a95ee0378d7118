import type { Alert, AlertDelivery, AlertKind } from '@cmp/shared';
import { listAlerts, listAlertsSince, listRunDeliveries } from '../data/alert.repository';
import { latestRuns } from '../data/scrape-run.repository';

/** The newest alerts, each with how every channel took its run's digest. */
export async function alertsView(filter: {
  limit: number;
  kind?: AlertKind;
  productId?: number;
}): Promise<Alert[]> {
  const alerts = await listAlerts(filter);
  const runIds = [...new Set(alerts.map((alert) => alert.run_id))];
  const deliveries = new Map<string, AlertDelivery[]>(
    await Promise.all(runIds.map(async (runId) => [runId, await listRunDeliveries(runId)] as const)),
  );
  return alerts.map((alert) => ({
    id: alert.id,
    run_id: alert.run_id,
    kind: alert.kind,
    product_id: alert.product_id,
    sku: alert.sku,
    product_name: alert.product_name,
    competitor_url_id: alert.competitor_url_id,
    competitor_name: alert.competitor_name,
    our_price: alert.our_price,
    competitor_price: alert.competitor_price,
    previous_price: alert.previous_price,
    suggested_price: alert.suggested_price ?? null,
    created_at: alert.created_at,
    deliveries: deliveries.get(alert.run_id) ?? [],
  }));
}

/** Runs looked at to find the latest whole-catalogue run: one-product checks come between them. */
const RUNS_LOOKED_AT = 50;

/**
 * When the latest whole-catalogue run ended: "since last run" means its alerts and those of any
 * one-product check after it. Null before the first such run (then every alert counts).
 */
export async function lastRunEndedAt(): Promise<string | null> {
  const runs = await latestRuns(RUNS_LOOKED_AT);
  return runs.find((run) => run.product_id === null && run.completed_at !== null)?.completed_at ?? null;
}

/** Each product with an alert since the last run, with the kinds it had. */
export async function alertsSinceLastRun(): Promise<{
  since: string | null;
  products: { product_id: number; kinds: AlertKind[] }[];
}> {
  const since = await lastRunEndedAt();
  const alerts = await listAlertsSince(since ?? '0');
  const kinds = new Map<number, Set<AlertKind>>();
  for (const alert of alerts)
    kinds.set(alert.product_id, (kinds.get(alert.product_id) ?? new Set()).add(alert.kind));
  return {
    since,
    products: [...kinds].map(([product_id, set]) => ({ product_id, kinds: [...set] })),
  };
}

/** The overview's 'Undercut since last run'. */
export async function undercutSinceLastRun(): Promise<number> {
  const { products } = await alertsSinceLastRun();
  return products.filter((product) => product.kinds.includes('undercut')).length;
}
