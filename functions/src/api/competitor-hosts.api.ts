import {
  countUrlsByHost,
  listCompetitorHosts,
  setHostSettings,
  withShopHosts,
} from '../catalogue/competitor-hosts';
import { readEntrySettings } from '../config';
import { listCompetitors } from '../data/competitor.repository';
import { keptValue } from '../http/catalogue-cache';
import { groupHandler, sessionOf } from '../http/http-handler';

readEntrySettings(process.env);

/**
 * The URLs per host, kept until the catalogue changes (300,000 URLs are not counted on every call),
 * with the competitor shops' hosts.
 */
const urlCounts = async () =>
  withShopHosts(await keptValue('urls by host', countUrlsByHost), await listCompetitors());

/** The competitor-hosts route group: the hosts with their figures, and their settings (admins change them). */
export const handler = groupHandler('competitor-hosts', {
  'GET /api/competitor-hosts': async () => ({
    body: { success: true, hosts: await listCompetitorHosts(await urlCounts()) },
  }),

  'PUT /api/competitor-hosts/{host}': async (request) => ({
    body: {
      success: true,
      host: await setHostSettings(
        sessionOf(request).user,
        request.params.host,
        request.body,
        await urlCounts(),
      ),
    },
  }),
});
