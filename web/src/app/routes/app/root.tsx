// The protected shell: the layout with the auth feature's user menu and user panel in its slots.
import { VIEWERS_READ_ONLY } from '@cmp/shared';
import { Outlet } from 'react-router';
import { AppShell } from '../../../components/layouts/app-shell';
import { useSession } from '../../../features/auth/components/use-session';
import { UserMenu } from '../../../features/auth/components/user-menu';
import { UserPanel } from '../../../features/auth/components/user-panel';

export function AppRoot() {
  const { user } = useSession();
  return (
    <AppShell
      userMenu={<UserMenu />}
      userPanel={<UserPanel />}
      isAdmin={user?.role === 'admin'}
      notice={user?.role === 'viewer' ? `${VIEWERS_READ_ONLY}.` : undefined}
    >
      <Outlet />
    </AppShell>
  );
}
