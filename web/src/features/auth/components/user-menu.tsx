// The header's user menu: initials, first name, 'Administrator' for admins, e-mail, and 'Log out'.
import { LogOut } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { initials } from '../utils/initials';
import { useSession } from './use-session';
import { UserDetails, useLogOut } from './user-panel';

export function UserMenu() {
  const { user } = useSession();
  const logOut = useLogOut();
  if (!user) return null;

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
          <UserDetails user={user} />
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void logOut()}>
          <LogOut aria-hidden="true" />
          Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
