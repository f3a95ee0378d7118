// The protected shell: the layout with the auth feature's user menu in its slot.
import { Outlet } from 'react-router';
import { AppShell } from '../../../components/layouts/app-shell';
import { useSession } from '../../../features/auth/components/use-session';
import { UserMenu } from '../../../features/auth/components/user-menu';

export function AppRoot() {
  const { user } = useSession();
  return (
    <AppShell userMenu={<UserMenu />} isAdmin={user?.role === 'admin'}>
      <Outlet />
    </AppShell>
  );
}
