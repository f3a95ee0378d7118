// /dashboard: the Price Overview (dashboard feature) and the Check My Price panel (scraper-panel
// feature) as two tabs. The panel is not the default tab, so its code loads on first opening.
import { lazy, Suspense } from 'react';
import { PageHeader } from '../../../components/layouts/app-shell';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { PriceOverview } from '../../../features/dashboard/components/price-overview';

const ScraperPanel = lazy(() => import('../../../features/scraper-panel/components/scraper-panel'));

export function DashboardRoute() {
  return (
    <>
      <PageHeader
        title="Price Comparison Dashboard"
        description="Your prices against the cheapest competitor, with margins and price checks."
      />
      <Tabs defaultValue="overview">
        <TabsList>
          <TabsTrigger value="overview">Price Overview</TabsTrigger>
          <TabsTrigger value="check">Check My Price</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <PriceOverview />
        </TabsContent>
        <TabsContent value="check">
          <Suspense
            fallback={
              <div className="flex justify-center py-12">
                <Spinner label="Loading" className="size-8" />
              </div>
            }
          >
            <ScraperPanel />
          </Suspense>
        </TabsContent>
      </Tabs>
    </>
  );
}
