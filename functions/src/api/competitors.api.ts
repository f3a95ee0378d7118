import {
  addCompetitor,
  changeCompetitor,
  listCompetitorViews,
  removeCompetitor,
} from '../catalogue/competitors';
import { readEntrySettings } from '../config';
import { latestDiscovery, startDiscovery } from '../discovery/discovery-job';
import { changeDiscoverySettings, discoverySettingsView } from '../discovery/discovery-settings';
import {
  acceptSuggestion,
  acceptSuggestions,
  rejectSuggestion,
  suggestionPage,
} from '../discovery/match-suggestions';
import { groupHandler, sessionOf } from '../http/http-handler';

readEntrySettings(process.env);

/**
 * The competitors route group: competitors by domain, with their sitemaps and feeds (admins change
 * them), and the review queue of suggested matches with their products.
 */
export const handler = groupHandler('competitors', {
  'GET /api/competitors': async () => ({
    body: { success: true, competitors: await listCompetitorViews() },
  }),

  'POST /api/competitors': async (request) => ({
    status: 201,
    body: { success: true, competitor: await addCompetitor(sessionOf(request).user, request.body) },
  }),

  'PUT /api/competitors/{id}': async (request) => ({
    body: {
      success: true,
      competitor: await changeCompetitor(sessionOf(request).user, request.params.id, request.body),
    },
  }),

  'DELETE /api/competitors/{id}': async (request) => {
    await removeCompetitor(sessionOf(request).user, request.params.id);
    return { body: { success: true } };
  },

  'POST /api/competitors/{id}/discover': async (request) => ({
    status: 202,
    body: { success: true, discovery: await startDiscovery(sessionOf(request).user, request.params.id) },
  }),

  'GET /api/competitors/{id}/discovery': async (request) => ({
    body: { success: true, discovery: await latestDiscovery(request.params.id) },
  }),

  'GET /api/discovery-settings': async () => ({
    body: { success: true, settings: await discoverySettingsView() },
  }),

  'PUT /api/discovery-settings': async (request) => ({
    body: { success: true, settings: await changeDiscoverySettings(sessionOf(request).user, request.body) },
  }),

  'GET /api/match-suggestions': async ({ query }) => {
    const { rows, ...paging } = await suggestionPage(query);
    return { body: { success: true, suggestions: rows, ...paging } };
  },

  'POST /api/match-suggestions/{id}/accept': async (request) => ({
    body: { success: true, suggestion: await acceptSuggestion(sessionOf(request).user, request.params.id) },
  }),

  'POST /api/match-suggestions/{id}/reject': async (request) => ({
    body: { success: true, suggestion: await rejectSuggestion(sessionOf(request).user, request.params.id) },
  }),

  'POST /api/match-suggestions/accept': async (request) => ({
    body: { success: true, ...(await acceptSuggestions(sessionOf(request).user, request.body)) },
  }),
});
