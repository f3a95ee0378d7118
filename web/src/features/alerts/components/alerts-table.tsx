// The alerts table (docs/screens.md#latest-alerts): time, kind, product, competitor, the three prices and
// how each channel took the run's digest.
import { ALERT_KIND_LABELS, type Alert, type AlertChannel, formatDateTime, NOT_AVAILABLE } from '@cmp/shared';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { formatShopMoney } from '../../../lib/money';
import { deliveryViews } from '../utils/alert-view';

export function AlertsTable({
  alerts,
  channels,
}: {
  alerts: readonly Alert[];
  channels: readonly AlertChannel[];
}) {
  return (
    <Table label="Latest alerts">
      <TableHeader>
        <TableRow>
          <TableHead>Time</TableHead>
          <TableHead>Alert</TableHead>
          <TableHead sticky>Product</TableHead>
          <TableHead>Competitor</TableHead>
          <TableHead className="text-right">Our Price</TableHead>
          <TableHead className="text-right">Competitor Price</TableHead>
          <TableHead className="text-right">Previous Price</TableHead>
          <TableHead>Channels</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {alerts.map((alert) => (
          <TableRow key={alert.id}>
            <TableCell className="whitespace-nowrap">{formatDateTime(alert.created_at)}</TableCell>
            <TableCell className="font-medium">{ALERT_KIND_LABELS[alert.kind]}</TableCell>
            <TableCell sticky className="min-w-36">
              <p className="font-medium">{alert.product_name}</p>
              <p className="text-xs whitespace-nowrap text-muted-foreground">SKU: {alert.sku}</p>
            </TableCell>
            <TableCell>{alert.competitor_name ?? NOT_AVAILABLE}</TableCell>
            <TableCell className="text-right tabular-nums">{formatShopMoney(alert.our_price)}</TableCell>
            <TableCell className="text-right tabular-nums">
              {alert.suggested_price === null ? (
                formatShopMoney(alert.competitor_price)
              ) : (
                // A suggestion's alert has no competitor: the price column says what is suggested now.
                <span className="whitespace-nowrap">Suggested {formatShopMoney(alert.suggested_price)}</span>
              )}
            </TableCell>
            <TableCell className="text-right tabular-nums">{formatShopMoney(alert.previous_price)}</TableCell>
            <TableCell className="min-w-72">
              <Deliveries alert={alert} channels={channels} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Deliveries({ alert, channels }: { alert: Alert; channels: readonly AlertChannel[] }) {
  const views = deliveryViews(alert.deliveries, channels);
  if (views.length === 0) return <span className="text-muted-foreground">Not sent</span>;
  return (
    <ul className="flex flex-col gap-1 text-xs">
      {views.map((view, index) => (
        // A channel is listed once per run, but a removed one has no name to tell it apart.
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is rebuilt whole, never reordered
        <li key={index} className={view.ok ? 'flex gap-1' : 'flex gap-1 text-destructive'}>
          {view.ok ? (
            <CircleCheck aria-hidden="true" className="size-3.5 shrink-0 text-success" />
          ) : (
            <CircleAlert aria-hidden="true" className="size-3.5 shrink-0" />
          )}
          <span className="break-words">
            {view.channel}: {view.result}
          </span>
        </li>
      ))}
    </ul>
  );
}
