import type { AuthStatusResponse } from '@cmp/shared';
import { authenticate } from '../auth/authenticate';
import { login, logout } from '../auth/login';
import { readEntrySettings } from '../config';
import { UnauthenticatedError } from '../domain/errors';
import { groupHandler, sessionOf } from '../http/http-handler';
import { openApiDocument } from '../http/openapi';

readEntrySettings(process.env);

/** Built on the first request, then kept: the contract does not change while the Lambda lives. */
let document: ReturnType<typeof openApiDocument> | undefined;

/** The auth route group: sign in, session status, sign out, and the API's own description. */
export const handler = groupHandler('auth', {
  'POST /api/auth/login': async ({ body, sourceIp }) => {
    const { token, user } = await login(body, sourceIp);
    return { body: { success: true, token, user } };
  },

  // Public: answers whether the presented token is still good, never 401.
  'GET /api/auth/status': async ({ headers }) => {
    const body: AuthStatusResponse = { isAuthenticated: false, user: null };
    try {
      const auth = await authenticate(headers.authorization);
      return { body: { ...body, isAuthenticated: true, user: auth.user } };
    } catch (error) {
      if (error instanceof UnauthenticatedError) return { body };
      throw error;
    }
  },

  'POST /api/auth/logout': async (request) => {
    await logout(sessionOf(request).sessionId);
    return { body: { success: true } };
  },

  'GET /api/openapi.json': async () => {
    document ??= openApiDocument();
    return { body: document };
  },
});
