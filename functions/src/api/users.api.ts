import { addManagedUser, changeManagedUser, listManagedUsers } from '../auth/user-admin';
import { readEntrySettings } from '../config';
import { groupHandler, sessionOf } from '../http/http-handler';

readEntrySettings(process.env);

/** The users route group (admins only): list users, add one, change one. */
export const handler = groupHandler('users', {
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
