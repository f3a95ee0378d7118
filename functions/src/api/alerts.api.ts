import { ADMINS_ONLY_ALERT_SETTINGS } from '@cmp/shared';
import { alertsSinceLastRun, alertsView } from '../alerts/alert-list';
import { alertSettingsView, applyAlertSettings } from '../alerts/alert-settings';
import { sendChannelTest } from '../alerts/channel-test';
import { requireAdmin } from '../auth/require-admin';
import { readEntrySettings } from '../config';
import { readAlertSettings, saveAlertSettings } from '../data/alert-settings.repository';
import { groupHandler, sessionOf } from '../http/http-handler';

readEntrySettings(process.env);

/**
 * The alerts route group: the alerts, their settings, and a channel's test message. Alert settings
 * change what leaves the building: admins only (staff read them).
 */
export const handler = groupHandler('alerts', {
  'GET /api/alert-settings': async (request) => ({
    body: { success: true, settings: await alertSettingsView(sessionOf(request).user.role) },
  }),

  'PUT /api/alert-settings': async (request) => {
    const { user } = sessionOf(request);
    requireAdmin(user, ADMINS_ONLY_ALERT_SETTINGS);
    const { settings, secrets } = applyAlertSettings(request.body, await readAlertSettings());
    await saveAlertSettings(settings);
    const view = await alertSettingsView(user.role);
    return {
      body: {
        success: true,
        settings: {
          ...view,
          channels: view.channels.map((channel) => {
            const secret = secrets.get(channel.id);
            return secret === undefined ? channel : { ...channel, secret };
          }),
        },
      },
    };
  },

  'POST /api/alert-settings/channels/{id}/test': async (request) => {
    requireAdmin(sessionOf(request).user, ADMINS_ONLY_ALERT_SETTINGS);
    const result = await sendChannelTest(request.params.id);
    return { body: { success: true, ok: result.ok, message: result.message } };
  },

  'GET /api/alerts': async ({ query }) => ({
    body: {
      success: true,
      alerts: await alertsView({ limit: query.limit, kind: query.kind, productId: query.product_id }),
    },
  }),

  'GET /api/alerts/since-last-run': async () => ({
    body: { success: true, ...(await alertsSinceLastRun()) },
  }),
});
