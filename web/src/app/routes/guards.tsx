// Route guards (docs/screens.md#1-routes-and-session). They read the session; the spinner shows while a
// stored token is checked.
import { Navigate, Outlet } from 'react-router';
import { PageSpinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { useSession } from '../../features/auth/components/use-session';

/** Root layout: nothing is decided until the stored token has been checked. */
export function SessionGate() {
  const { isLoading } = useSession();
  return isLoading ? <PageSpinner /> : <Outlet />;
}

/** The shell and its pages: signed-out visitors go to /login. */
export function RequireAuth() {
  const { user } = useSession();
  return user ? <Outlet /> : <Navigate to={paths.login} replace />;
}

/** /login: signed-in users go to the dashboard. */
export function RedirectIfSignedIn() {
  const { user } = useSession();
  return user ? <Navigate to={paths.dashboard} replace /> : <Outlet />;
}

/** Unknown paths: the dashboard when signed in, else /login. */
export function CatchAll() {
  const { user } = useSession();
  return <Navigate to={user ? paths.dashboard : paths.login} replace />;
}
