// The header's user menu: initials, first name, 'Administrator' for admins, e-mail, and 'Log out'.
import { LogOut } from 'lucide-react';
import { useNavigate } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { paths } from '../../../config/paths';
import { initials } from '../utils/initials';
import { useSession } from './use-session';

export function UserMenu() {
  const { user, logout } = useSession();
  const navigate = useNavigate();
  if (!user) return null;

  const onLogout = async () => {
    await logout();
    navigate(paths.login, { replace: true });
  };

  const shown = initials(user.firstName);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        // The name starts with the initials shown, so speech input can say them (WCAG 2.5.3).
        aria-label={`${shown}, User menu`}
        className="flex size-9 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
      >
        {shown}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel className="flex flex-col gap-1">
          <span>{user.firstName}</span>
          {user.role === 'admin' ? (
            <span className="text-xs font-normal text-muted-foreground">Administrator</span>
          ) : null}
          <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void onLogout()}>
          <LogOut aria-hidden="true" />
          Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
