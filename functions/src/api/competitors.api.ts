import {
  addCompetitor,
  changeCompetitor,
  listCompetitorViews,
  removeCompetitor,
} from '../catalogue/competitors';
import { readEntrySettings } from '../config';
import { groupHandler, sessionOf } from '../http/http-handler';

readEntrySettings(process.env);

/** The competitors route group: competitors by domain, with their sitemaps and feeds (admins change them). */
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
});
