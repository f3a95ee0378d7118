// The signed-in frame (docs/screens.md#3-shell-header): product title, main navigation, user menu, then the
// page.
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { paths } from '../../config/paths';
import { cn } from '../../lib/cn';
import { buttonClasses } from '../ui/button';

const navItems = [
  { to: paths.dashboard, label: 'Dashboard' },
  { to: paths.products, label: 'Products' },
  { to: paths.competitors, label: 'Competitors' },
  { to: paths.alerts, label: 'Alerts' },
  { to: paths.users, label: 'Users', adminOnly: true },
] as const;

export const PRODUCT_NAME = 'Check My Price';

/** `userMenu` is a slot and `isAdmin` a flag, so this layout does not depend on the auth feature. */
export function AppShell({
  userMenu,
  isAdmin,
  children,
}: {
  userMenu: ReactNode;
  /** Shows the admins' entries (Users). */
  isAdmin: boolean;
  children: ReactNode;
}) {
  return (
    <div className="min-h-screen bg-muted/40">
      <header className="border-b bg-background">
        {/* Wraps on a phone: the navigation then goes under the title rather than over the page. */}
        <div className="mx-auto flex min-h-14 max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-2">
          <Link
            to={paths.dashboard}
            className="whitespace-nowrap rounded-sm text-lg font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {PRODUCT_NAME}
          </Link>
          <nav aria-label="Main" className="flex flex-1 items-center gap-1">
            {navItems
              .filter((item) => isAdmin || !('adminOnly' in item))
              .map((item) => (
                // NavLink sets aria-current="page" on the active item.
                <NavLink
                  key={item.to}
                  to={item.to}
                  className={({ isActive }) => cn(buttonClasses(isActive ? 'default' : 'ghost', 'sm'))}
                >
                  {item.label}
                </NavLink>
              ))}
          </nav>
          {userMenu}
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6">{children}</main>
    </div>
  );
}

/** The heading block every page starts with. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {description ? <p className="mt-1 text-muted-foreground">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
