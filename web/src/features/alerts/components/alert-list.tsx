// 'Latest alerts' (docs/screens.md#latest-alerts): the kind and product filters, then the newest alerts.
import { ALERT_KIND_LABELS, ALERT_KINDS, type AlertChannel, DEFAULT_ALERTS_LIMIT } from '@cmp/shared';
import { useAlerts } from '../../../api/alerts';
import { EmptyState } from '../../../components/empty-state';
import { LoadingOrError } from '../../../components/loading-or-error';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import type { AlertsQuery } from '../utils/alert-view';
import { AlertsTable } from './alerts-table';
import { ProductFilter } from './product-filter';

const ALL_KINDS = 'all';

export function AlertList({
  query,
  onQueryChange,
  channels,
}: {
  query: AlertsQuery;
  onQueryChange(query: AlertsQuery): void;
  /** The channels as set now, to name each delivery. */
  channels: readonly AlertChannel[];
}) {
  const alerts = useAlerts({ limit: DEFAULT_ALERTS_LIMIT, ...query });
  const filtered = query.kind !== null || query.productId !== null;
  const changeProduct = (productId: number | null) => onQueryChange({ ...query, productId });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Latest alerts</CardTitle>
        <CardDescription>The newest {DEFAULT_ALERTS_LIMIT} alerts, newest first.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-col gap-2 md:flex-row md:items-start">
          <ProductFilter
            productId={query.productId}
            onChange={changeProduct}
            known={knownProduct(alerts.data, query.productId)}
          />
          <div className="md:w-64">
            <Select
              value={query.kind ?? ALL_KINDS}
              onValueChange={(kind) =>
                onQueryChange({ ...query, kind: ALERT_KINDS.find((known) => known === kind) ?? null })
              }
            >
              <SelectTrigger aria-label="Filter by kind">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL_KINDS}>All kinds</SelectItem>
                {ALERT_KINDS.map((kind) => (
                  <SelectItem key={kind} value={kind}>
                    {ALERT_KIND_LABELS[kind]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        </div>
        {alerts.data === undefined ? (
          <LoadingOrError
            error={alerts.error}
            what="Alerts"
            loadingLabel="Loading alerts"
            onRetry={() => void alerts.mutate()}
          />
        ) : alerts.data.length === 0 ? (
          filtered ? (
            <EmptyState title="No alerts match your filters" hint="Try another kind or product" />
          ) : (
            <EmptyState
              title="No alerts yet"
              hint="Alerts appear here when a price check changes where your prices stand against competitors"
            />
          )
        ) : (
          <AlertsTable alerts={alerts.data} channels={channels} />
        )}
      </CardContent>
    </Card>
  );
}

/** The filtered product as its alerts name it (the filter's box shows its SKU); undefined without one. */
function knownProduct(
  alerts: readonly { product_id: number; sku: string; product_name: string }[] | undefined,
  productId: number | null,
) {
  const alert = alerts?.find((entry) => entry.product_id === productId);
  return alert ? { id: alert.product_id, sku: alert.sku, name: alert.product_name } : undefined;
}
