// /dashboard: the Price Overview (dashboard feature) and the Check My Price panel (scraper-panel
// feature) as two tabs. The panel is not the default tab, so its code loads on first opening. The open
// tab is in the URL (`?tab=check`), beside the overview's `?search=`, so a reload or a link keeps it. Each
// tab fails alone: an answer one cannot show leaves the other usable.
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { useComparisonSettings } from '../../../api/pricing';
import { ErrorBoundary } from '../../../components/error-boundary';
import { PageHeader } from '../../../components/layouts/app-shell';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useSession } from '../../../features/auth/components/use-session';
import { PriceOverview } from '../../../features/dashboard/components/price-overview';
import { useFollowRuns } from '../../../features/scraper-panel/components/use-follow-runs';

const ScraperPanel = lazy(() => import('../../../features/scraper-panel/components/scraper-panel'));

export function DashboardRoute() {
  useFollowRuns();
  const { user } = useSession();
  const withShipping = useComparisonSettings().data?.compare_with_shipping === true;
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'check' ? 'check' : 'overview';
  // Replaces the history entry: switching tabs is not a page to go back to.
  const openTab = (next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'check') updated.set('tab', 'check');
        else updated.delete('tab');
        return updated;
      },
      { replace: true },
    );
  return (
    <>
      <PageHeader
        title="Price Comparison Dashboard"
        description={
          withShipping
            ? "Your prices against the cheapest competitor's total with shipping, with margins and price checks."
            : 'Your prices against the cheapest competitor, with margins and price checks.'
        }
      />
      <Tabs value={tab} onValueChange={openTab}>
        <TabsList>
          <TabsTrigger value="overview">Price Overview</TabsTrigger>
          <TabsTrigger value="check">Check My Price</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <ErrorBoundary what="This tab">
            <PriceOverview canApply={user?.role === 'admin'} />
          </ErrorBoundary>
        </TabsContent>
        <TabsContent value="check">
          <ErrorBoundary what="This tab">
            <Suspense
              fallback={
                <div className="flex justify-center py-12">
                  <Spinner label="Loading" className="size-8" />
                </div>
              }
            >
              <ScraperPanel canEditSchedule={user?.role === 'admin'} />
            </Suspense>
          </ErrorBoundary>
        </TabsContent>
      </Tabs>
    </>
  );
}
