import { activityPage } from '../activity/activity-log';
import { addManagedUser, changeManagedUser, listManagedUsers } from '../auth/user-admin';
import { readEntrySettings } from '../config';
import { groupHandler, sessionOf } from '../http/http-handler';

readEntrySettings(process.env);

/** The users route group (admins only): list users, add one, change one; the activity log. */
export const handler = groupHandler('users', {
  'GET /api/activity': async (request) => ({
    body: { success: true, ...(await activityPage(sessionOf(request).user, request.query)) },
  }),

  'GET /api/users': async (request) => ({
    body: { success: true, users: await listManagedUsers(sessionOf(request).user) },
  }),

  'POST /api/users': async (request) => ({
    status: 201,
    body: { success: true, ...(await addManagedUser(sessionOf(request).user, request.body)) },
  }),

  'PATCH /api/users/{id}': async (request) => ({
    body: {
      success: true,
      ...(await changeManagedUser(sessionOf(request).user, request.params.id, request.body)),
    },
  }),
});
