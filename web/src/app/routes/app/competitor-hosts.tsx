// /competitor-hosts: every signed-in user sees the hosts; admins change their settings.
import { useSession } from '../../../features/auth/components/use-session';
import { HostsView } from '../../../features/competitor-hosts/components/hosts-view';

export function CompetitorHostsRoute() {
  const { user } = useSession();
  return <HostsView canEdit={user?.role === 'admin'} />;
}
