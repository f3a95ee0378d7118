// /alerts: the alerts feature; the session says whether the settings can be changed (admins only).
import { AlertsView } from '../../../features/alerts/components/alerts-view';
import { useSession } from '../../../features/auth/components/use-session';

export function AlertsRoute() {
  const { user } = useSession();
  return <AlertsView canEdit={user?.role === 'admin'} />;
}
