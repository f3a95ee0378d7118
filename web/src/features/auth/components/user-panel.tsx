// The signed-in user's details and Log out, shared by the header's user menu (wide windows) and the
// header's menu panel (narrow windows, docs/screens.md#13-narrow-windows).
import type { PublicUser } from '@cmp/shared';
import { LogOut } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useSession } from './use-session';

/** First name, 'Administrator' for admins, e-mail: one line each inside the caller's column. */
export function UserDetails({ user }: { user: PublicUser }) {
  return (
    <>
      <span>{user.firstName}</span>
      {user.role === 'admin' ? (
        <span className="text-xs font-normal text-muted-foreground">Administrator</span>
      ) : null}
      <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>
    </>
  );
}

/** Ends the session, then shows the login page. */
export function useLogOut(): () => Promise<void> {
  const { logout } = useSession();
  const navigate = useNavigate();
  return async () => {
    await logout();
    navigate(paths.login, { replace: true });
  };
}

/** The user's details with a Log out button, for the header's menu panel. */
export function UserPanel() {
  const { user } = useSession();
  const logOut = useLogOut();
  if (!user) return null;
  return (
    <div className="flex flex-col gap-3">
      <p className="flex min-w-0 flex-col gap-1 text-sm font-semibold">
        <UserDetails user={user} />
      </p>
      <Button variant="outline" onClick={() => void logOut()}>
        <LogOut aria-hidden="true" />
        Log out
      </Button>
    </div>
  );
}
