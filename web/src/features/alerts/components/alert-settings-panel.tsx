// 'Alert settings' (docs/screens.md#alert-settings): which kinds are on with their thresholds, and the
// channels. Admins change them; staff see them read-only.
import { ADMINS_ONLY_ALERT_SETTINGS, type AlertSettings } from '@cmp/shared';
import { Info } from 'lucide-react';
import type { SWRResponse } from 'swr';
import { LoadingOrError } from '../../../components/loading-or-error';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { AlertSettingsForm } from './alert-settings-form';

export function AlertSettingsPanel({
  settings,
  canEdit,
}: {
  settings: SWRResponse<AlertSettings>;
  canEdit: boolean;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle id="alert-settings-title">Alert settings</CardTitle>
        <CardDescription>
          Which changes raise an alert, and where each run's alerts are sent (one message per run and
          channel).
        </CardDescription>
        {canEdit ? null : (
          <p className="flex items-center gap-2 text-sm font-medium">
            <Info aria-hidden="true" className="size-4" />
            {ADMINS_ONLY_ALERT_SETTINGS}
          </p>
        )}
      </CardHeader>
      <CardContent>
        {settings.data === undefined ? (
          <LoadingOrError
            error={settings.error}
            what="Alert settings"
            loadingLabel="Loading alert settings"
            onRetry={() => void settings.mutate()}
          />
        ) : (
          <AlertSettingsForm settings={settings.data} canEdit={canEdit} labelledBy="alert-settings-title" />
        )}
      </CardContent>
    </Card>
  );
}
