// The route table (docs/screens.md#1-routes-and-session). Pages load lazily so the first download stays
// small. A page that fails shows its error inside the shell; anything above the pages (the session, the
// shell, the login screen) fails to a page of its own. Neither shows react-router's developer page.
import { createBrowserRouter, Navigate } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { PageSpinner } from '../components/ui/spinner';
import { paths } from '../config/paths';
import { CatchAll, RedirectIfSignedIn, RequireAuth, SessionGate } from './routes/guards';
import { RouteError } from './routes/route-error';

function createRouter() {
  return createBrowserRouter([
    {
      element: <SessionGate />,
      HydrateFallback: PageSpinner,
      errorElement: (
        <main className="mx-auto max-w-7xl px-4 py-6">
          <RouteError />
        </main>
      ),
      children: [
        {
          path: paths.login,
          element: <RedirectIfSignedIn />,
          children: [
            { index: true, lazy: async () => ({ Component: (await import('./routes/login')).LoginRoute }) },
          ],
        },
        {
          path: '/',
          element: <RequireAuth />,
          children: [
            {
              lazy: async () => ({ Component: (await import('./routes/app/root')).AppRoot }),
              children: [
                {
                  // Pathless, around the pages: a page's error shows inside the shell, under its header.
                  errorElement: <RouteError />,
                  children: [
                    { index: true, element: <Navigate to={paths.dashboard} replace /> },
                    {
                      path: paths.dashboard,
                      lazy: async () => ({
                        Component: (await import('./routes/app/dashboard')).DashboardRoute,
                      }),
                    },
                    {
                      path: paths.products,
                      lazy: async () => ({
                        Component: (await import('./routes/app/products')).ProductsRoute,
                      }),
                    },
                    {
                      path: paths.competitors,
                      lazy: async () => ({
                        Component: (await import('./routes/app/competitors')).CompetitorsRoute,
                      }),
                    },
                    {
                      path: paths.matches,
                      lazy: async () => ({
                        Component: (await import('./routes/app/matches')).MatchesRoute,
                      }),
                    },
                    {
                      path: paths.pricing,
                      lazy: async () => ({
                        Component: (await import('./routes/app/pricing-rules')).PricingRulesRoute,
                      }),
                    },
                    {
                      path: paths.hosts,
                      lazy: async () => ({
                        Component: (await import('./routes/app/competitor-hosts')).CompetitorHostsRoute,
                      }),
                    },
                    {
                      path: paths.alerts,
                      lazy: async () => ({ Component: (await import('./routes/app/alerts')).AlertsRoute }),
                    },
                    {
                      path: paths.users,
                      lazy: async () => ({ Component: (await import('./routes/app/users')).UsersRoute }),
                    },
                    {
                      path: paths.activity,
                      lazy: async () => ({
                        Component: (await import('./routes/app/activity')).ActivityRoute,
                      }),
                    },
                  ],
                },
              ],
            },
          ],
        },
        { path: '*', element: <CatchAll /> },
      ],
    },
  ]);
}

let router: ReturnType<typeof createRouter> | undefined;

export function AppRouter() {
  router ??= createRouter();
  return <RouterProvider router={router} />;
}
