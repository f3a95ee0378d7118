import * as z from 'zod';
import { aiAnalysisSchema, dashboardProductSchema, overviewStatsSchema } from '../dashboard';
import { dashboardFilterQuerySchema } from '../dashboard-filter';
import { dashboardListQuerySchema, pageFieldsShape } from '../list-query';
import { csvFileSchema, defineRoutes, errors, idParams } from './route';

export const dashboardRoutes = defineRoutes(
  {
    method: 'GET',
    path: '/api/dashboard/overview',
    summary: 'The four stat cards',
    request: {},
    responses: {
      200: z.strictObject({ success: z.literal(true), stats: overviewStatsSchema }),
      ...errors(401, 500),
    },
  },
  {
    method: 'GET',
    path: '/api/dashboard/products',
    summary:
      'The visible products, each compared with its cheapest competitor (docs/rules.md#1-price-comparison); a page of them with `page` (docs/api.md#lists)',
    request: { query: dashboardListQuerySchema },
    responses: {
      200: z.strictObject({
        success: z.literal(true),
        products: z.array(dashboardProductSchema),
        ...pageFieldsShape,
      }),
      ...errors(400, 401, 406, 500),
    },
  },
  {
    method: 'GET',
    path: '/api/dashboard/export.csv',
    summary:
      "The comparison table as a CSV download, filtered as the dashboard's filters do (docs/api.md#exports)",
    produces: 'text/csv',
    request: { query: dashboardFilterQuerySchema },
    responses: { 200: csvFileSchema, ...errors(400, 401, 406, 500) },
  },
  {
    method: 'GET',
    path: '/api/dashboard/products/{id}/ai-analysis',
    summary: "The product's latest price check in full (null when none)",
    request: { params: idParams },
    responses: {
      200: z.strictObject({ success: z.literal(true), analysis: aiAnalysisSchema.nullable() }),
      ...errors(400, 401, 404, 500),
    },
  },
);
