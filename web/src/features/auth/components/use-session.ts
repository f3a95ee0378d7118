import type { PublicUser } from '@cmp/shared';
import { createContext, useContext } from 'react';
import type { LoginOutcome } from '../utils/login-payload';

export interface Session {
  user: PublicUser | null;
  token: string | null;
  /** True until a stored token has been checked (docs/screens.md#1-routes-and-session). */
  isLoading: boolean;
  /** Signs in with an e-mail address or username; resolves with the text to show on failure. */
  login(identifier: string, password: string): Promise<LoginOutcome>;
  /** Ends the session on the server and always clears it locally. */
  logout(): Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
