import { getLatestAiAnalysis } from '../dashboard/ai-analysis';
import { getDashboardProducts } from '../dashboard/dashboard-products';
import { getOverview } from '../dashboard/overview';
import { defineRoute, groupHandler } from '../http/http-handler';
import { idParams } from '../http/params';

/** The dashboard route group: overview figures, the comparison table, a product's latest analysis. */
export const handler = groupHandler('dashboard', {
  'GET /api/dashboard/overview': defineRoute({}, async () => ({
    body: { success: true, stats: await getOverview() },
  })),

  'GET /api/dashboard/products': defineRoute({ cache: 'catalogue' }, async () => ({
    body: { success: true, products: await getDashboardProducts() },
  })),

  'GET /api/dashboard/products/{id}/ai-analysis': defineRoute({ params: idParams }, async ({ params }) => ({
    body: { success: true, analysis: await getLatestAiAnalysis(params.id) },
  })),
});
