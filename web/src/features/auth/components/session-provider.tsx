// Session per docs/screens.md#1-routes-and-session: check a stored token at start, store it on login,
// always clear it on logout or 401.
import type { PublicUser } from '@cmp/shared';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { mutate } from 'swr';
import { fetchAuthStatus, requestLogin, requestLogout } from '../../../api/auth';
import { onUnauthorized } from '../../../api/client';
import { clearStoredSession, getStoredToken, storeSession } from '../../../lib/session-storage';
import { type LoginOutcome, loginFailureText, loginOutcome, toLoginBody } from '../utils/login-payload';
import { type Session, SessionContext } from './use-session';

interface SessionState {
  user: PublicUser | null;
  token: string | null;
  isLoading: boolean;
}

const signedOut: SessionState = { user: null, token: null, isLoading: false };

/** Drops every cached swr answer, so the next user never sees the previous one's data. */
const clearCache = () => mutate(() => true, undefined, { revalidate: false });

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>(() => {
    const token = getStoredToken();
    return { user: null, token, isLoading: token !== null };
  });

  useEffect(() => {
    const startToken = getStoredToken();
    if (!startToken) return;
    let active = true;
    fetchAuthStatus()
      .then((status) => {
        if (!status?.isAuthenticated || !status.user) throw new Error('Stored token is not authenticated');
        if (active) setState({ user: status.user, token: startToken, isLoading: false });
      })
      .catch((error: unknown) => {
        console.error('Token verification failed', error);
        if (!active) return;
        clearStoredSession();
        setState(signedOut);
      });
    return () => {
      active = false;
    };
  }, []);

  useEffect(
    () =>
      onUnauthorized(() => {
        setState(signedOut);
        void clearCache();
      }),
    [],
  );

  const login = useCallback(async (identifier: string, password: string): Promise<LoginOutcome> => {
    let outcome: LoginOutcome;
    try {
      outcome = loginOutcome(await requestLogin(toLoginBody(identifier, password)));
    } catch (error) {
      outcome = { ok: false, error: loginFailureText(error) };
    }
    if (outcome.ok) {
      storeSession(outcome.token, outcome.user);
      setState({ user: outcome.user, token: outcome.token, isLoading: false });
    }
    return outcome;
  }, []);

  const logout = useCallback(async () => {
    try {
      await requestLogout();
    } catch (error) {
      console.error('Logout failed; clearing the local session anyway', error);
    } finally {
      clearStoredSession();
      setState(signedOut);
      void clearCache();
    }
  }, []);

  const session = useMemo<Session>(() => ({ ...state, login, logout }), [state, login, logout]);
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
