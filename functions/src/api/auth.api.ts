import { type AuthStatusResponse, loginRequestSchema } from '@cmp/shared';
import { authenticate } from '../auth/authenticate';
import { login, logout } from '../auth/login';
import { UnauthenticatedError } from '../domain/errors';
import { defineRoute, groupHandler, sessionOf } from '../http/http-handler';

/** The auth route group: sign in, session status, sign out. */
export const handler = groupHandler('auth', {
  'POST /api/auth/login': defineRoute({ body: loginRequestSchema }, async ({ body, sourceIp }) => {
    const { token, user } = await login(body, sourceIp);
    return { body: { success: true, token, user } };
  }),

  // Public: answers whether the presented token is still good, never 401.
  'GET /api/auth/status': defineRoute({}, async ({ headers }) => {
    const body: AuthStatusResponse = { isAuthenticated: false, user: null };
    try {
      const auth = await authenticate(headers.authorization);
      return { body: { ...body, isAuthenticated: true, user: auth.user } };
    } catch (error) {
      if (error instanceof UnauthenticatedError) return { body };
      throw error;
    }
  }),

  'POST /api/auth/logout': defineRoute({}, async (request) => {
    await logout(sessionOf(request).sessionId);
    return { body: { success: true } };
  }),
});
