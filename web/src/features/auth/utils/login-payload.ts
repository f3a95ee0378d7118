// Login request and error texts (docs/screens.md#2-login-screen). Pure, so the rules are unit-tested.
import type { LoginRequest, LoginResponse, PublicUser } from '@cmp/shared';
import { ApiError, serverErrorText } from '../../../lib/api-error';

export const LOGIN_FAILED = 'Login failed';
export const LOGIN_NETWORK_ERROR = 'Network error. Please try again.';

/**
 * An identifier containing '@' is an e-mail address, anything else a username.
 * @example toLoginBody('ada', 'pw') // { username: 'ada', password: 'pw' }
 */
export function toLoginBody(identifier: string, password: string): LoginRequest {
  const id = identifier.trim();
  return id.includes('@') ? { email: id, password } : { username: id, password };
}

export type LoginOutcome = { ok: true; token: string; user: PublicUser } | { ok: false; error: string };

/** Reads a 2xx login answer: the token and user, or the server's error text, else 'Login failed'. */
export function loginOutcome(response: LoginResponse | undefined): LoginOutcome {
  if (response?.success === true && response.token && response.user) {
    return { ok: true, token: response.token, user: response.user };
  }
  return { ok: false, error: serverErrorText(response) ?? LOGIN_FAILED };
}

/** The text for a login call that threw: a non-2xx JSON answer shows its error text; no answer or no JSON is a network error. */
export function loginFailureText(error: unknown): string {
  if (error instanceof ApiError && error.kind === 'http') return serverErrorText(error.body) ?? LOGIN_FAILED;
  return LOGIN_NETWORK_ERROR;
}
