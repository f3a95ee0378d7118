// The protected shell: the layout with the auth feature's user menu in its slot.
import { Outlet } from 'react-router';
import { AppShell } from '../../../components/layouts/app-shell';
import { UserMenu } from '../../../features/auth/components/user-menu';

export function AppRoot() {
  return (
    <AppShell userMenu={<UserMenu />}>
      <Outlet />
    </AppShell>
  );
}
