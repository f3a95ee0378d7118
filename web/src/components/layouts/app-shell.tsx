// The signed-in frame (docs/screens.md#3-shell-header): product title, main navigation, user menu, then the
// page. Below the md breakpoint (768 px) the navigation and the user menu fold into one 'Menu' button
// (docs/screens.md#13-narrow-windows).
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { paths } from '../../config/paths';
import { cn } from '../../lib/cn';
import { buttonClasses } from '../ui/button';
import { NavMenu } from './nav-menu';

const navItems = [
  { to: paths.dashboard, label: 'Dashboard' },
  { to: paths.products, label: 'Products' },
  { to: paths.competitors, label: 'Competitors' },
  { to: paths.matches, label: 'Matches' },
  { to: paths.pricing, label: 'Pricing' },
  { to: paths.hosts, label: 'Hosts' },
  { to: paths.alerts, label: 'Alerts' },
  { to: paths.users, label: 'Users', adminOnly: true },
  { to: paths.activity, label: 'Activity', adminOnly: true },
] as const;

export const PRODUCT_NAME = 'Check My Price';

/**
 * `userMenu` and `userPanel` are slots and `isAdmin` a flag, so this layout does not depend on the auth
 * feature.
 */
export function AppShell({
  userMenu,
  userPanel,
  isAdmin,
  notice,
  children,
}: {
  /** The user menu beside the navigation on wide windows. */
  userMenu: ReactNode;
  /** The user's details and Log out, in the menu panel on narrow windows. */
  userPanel: ReactNode;
  /** Shows the admins' entries (Users). */
  isAdmin: boolean;
  /** A line above every page (a viewer is told they can change nothing). */
  notice?: string | undefined;
  children: ReactNode;
}) {
  const items = navItems.filter((item) => isAdmin || !('adminOnly' in item));
  return (
    <div className="min-h-screen bg-muted/40">
      <header className="border-b bg-background">
        <div className="mx-auto flex min-h-14 max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-2">
          <Link
            to={paths.dashboard}
            className="whitespace-nowrap rounded-sm text-lg font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {PRODUCT_NAME}
          </Link>
          <MainNav items={items} className="hidden flex-1 items-center gap-1 md:flex" />
          <div className="hidden md:flex">{userMenu}</div>
          <NavMenu
            className="ml-auto md:hidden"
            nav={(onNavigate) => (
              <MainNav items={items} className="flex flex-col gap-1" onNavigate={onNavigate} />
            )}
            userPanel={userPanel}
          />
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6">
        {notice ? (
          <p className="mb-4 rounded-md border border-info bg-background p-3 text-sm">{notice}</p>
        ) : null}
        {children}
      </main>
    </div>
  );
}

function MainNav({
  items,
  className,
  onNavigate,
}: {
  items: readonly (typeof navItems)[number][];
  className: string;
  onNavigate?: () => void;
}) {
  return (
    <nav aria-label="Main" className={className}>
      {items.map((item) => (
        // NavLink sets aria-current="page" on the active item.
        <NavLink
          key={item.to}
          to={item.to}
          onClick={onNavigate}
          // In the menu panel: full-size targets for a finger, one per line.
          className={({ isActive }) =>
            cn(
              buttonClasses(isActive ? 'default' : 'ghost', onNavigate ? 'default' : 'sm'),
              onNavigate && 'justify-start',
            )
          }
        >
          {item.label}
        </NavLink>
      ))}
    </nav>
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
        {/* A step smaller on a phone, so the longest title ('Price Comparison Dashboard') takes one line. */}
        <h1 className="text-xl font-bold tracking-tight sm:text-2xl">{title}</h1>
        {description ? <p className="mt-1 text-muted-foreground">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
