// The protected shell: the layout with the auth feature's user menu and user panel in its slots, and
// whether the signed-in user may change things (lib/write-access.ts) for every page inside it.
import { VIEWERS_READ_ONLY } from '@cmp/shared';
import { Outlet } from 'react-router';
import { AppShell } from '../../../components/layouts/app-shell';
import { useSession } from '../../../features/auth/components/use-session';
import { UserMenu } from '../../../features/auth/components/user-menu';
import { UserPanel } from '../../../features/auth/components/user-panel';
import { CanWriteContext, canWrite } from '../../../lib/write-access';

export function AppRoot() {
  const { user } = useSession();
  const writable = canWrite(user?.role);
  return (
    <CanWriteContext.Provider value={writable}>
      <AppShell
        userMenu={<UserMenu />}
        userPanel={<UserPanel />}
        isAdmin={user?.role === 'admin'}
        notice={writable ? undefined : `${VIEWERS_READ_ONLY}.`}
      >
        <Outlet />
      </AppShell>
    </CanWriteContext.Provider>
  );
}
