// The signed-in session as kept in local storage (docs/rules.md#11-sign-in-sessions-and-throttling:
// authToken, userData).
import type { PublicUser } from '@cmp/shared';

const TOKEN_KEY = 'authToken';
const USER_KEY = 'userData';

export function getStoredToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function storeSession(token: string, user: PublicUser): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function clearStoredSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
}
