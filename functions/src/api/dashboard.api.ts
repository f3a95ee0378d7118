import { readEntrySettings } from '../config';
import { getLatestAiAnalysis } from '../dashboard/ai-analysis';
import { getOverview } from '../dashboard/overview';
import { dashboardCsv } from '../exports/dashboard-export';
import { exportAnswer } from '../http/export-answer';
import { groupHandler } from '../http/http-handler';
import { dashboardList, keptComparisonList, keptComparisonRows } from '../http/list-pages';
import { previewRules, suggestionPage, suggestionsCsv } from '../pricing/price-suggestions';

readEntrySettings(process.env);

/** The dashboard route group: overview figures, the comparison table (also as CSV), a product's latest analysis. */
export const handler = groupHandler('dashboard', {
  'GET /api/dashboard/overview': async () => ({
    body: { success: true, stats: await getOverview() },
  }),

  'GET /api/dashboard/products': {
    cache: 'catalogue',
    run: async ({ query }) => {
      const { rows, paging } = await dashboardList(query);
      return { body: { success: true, products: rows, ...paging } };
    },
  },

  // The table's kept rows: at 100,000 products, reading them from the table takes longer than API Gateway waits.
  'GET /api/dashboard/export.csv': async ({ query }) =>
    exportAnswer(dashboardCsv(await keptComparisonRows(), query), 'dashboard'),

  'GET /api/dashboard/products/{id}/ai-analysis': async ({ params }) => ({
    body: { success: true, analysis: await getLatestAiAnalysis(params.id) },
  }),

  'POST /api/pricing-rules/preview': async ({ body }) => ({
    body: { success: true, ...previewRules(await keptComparisonList(), body.rules) },
  }),

  'GET /api/price-suggestions': async ({ query }) => {
    const { rows, ...paging } = await suggestionPage(await keptComparisonList(), query);
    return { body: { success: true, suggestions: rows, ...paging } };
  },

  'GET /api/price-suggestions/export.csv': async ({ query }) =>
    exportAnswer(await suggestionsCsv(await keptComparisonList(), query), 'price-suggestions'),
});
