// The Alerts page (docs/screens.md#11-alerts-page): the latest alerts, filtered by the URL's query
// (`?kind=…&product_id=…`, which the dashboard marker links to), then the alert settings.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useAlertSettings } from '../../../api/alerts';
import { PageHeader } from '../../../components/layouts/app-shell';
import { type AlertsQuery, alertsQueryParams, parseAlertsQuery } from '../utils/alert-view';
import { AlertList } from './alert-list';
import { AlertSettingsPanel } from './alert-settings-panel';

export function AlertsView({ canEdit }: { canEdit: boolean }) {
  const [params, setParams] = useSearchParams();
  const query = parseAlertsQuery(params);
  const settings = useAlertSettings();
  // Replaces the history entry: each keystroke of the product filter is not a page to go back to.
  const changeQuery = useCallback(
    (next: AlertsQuery) => setParams(alertsQueryParams(next), { replace: true }),
    [setParams],
  );
  return (
    <>
      <PageHeader
        title="Alerts"
        description="What changed in your price position after each price check, and where it was sent."
      />
      <div className="flex flex-col gap-6">
        <AlertList query={query} onQueryChange={changeQuery} channels={settings.data?.channels ?? []} />
        <AlertSettingsPanel settings={settings} canEdit={canEdit} />
      </div>
    </>
  );
}
