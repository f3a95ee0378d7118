import {
  addCompetitorUrl,
  editCompetitorUrl,
  getCompetitorUrlDetail,
  getCompetitorUrlsOfProduct,
  removeCompetitorUrl,
} from '../catalogue/competitor-urls';
import { startImport } from '../catalogue/csv/import-job';
import { importFileOf } from '../catalogue/csv/large-upload';
import { pinPrice, priceCandidatesOf, unpinPrice } from '../catalogue/price-pins';
import { decidePrice } from '../catalogue/price-review';
import { readEntrySettings } from '../config';
import { competitorUrlsCsv } from '../exports/competitor-url-export';
import { withKeptRecords } from '../http/catalogue-cache';
import { exportAnswer } from '../http/export-answer';
import { groupHandler, sessionOf } from '../http/http-handler';
import { competitorUrlList } from '../http/list-pages';

readEntrySettings(process.env);

/** The competitor-URLs route group. */
export const handler = groupHandler('competitor-urls', {
  'GET /api/competitor-urls': {
    cache: 'catalogue',
    run: async ({ query }) => {
      const { rows, paging } = await competitorUrlList(query);
      return { body: { success: true, competitorUrls: rows, ...paging } };
    },
  },

  'GET /api/competitor-urls/export.csv': async () =>
    // From the records the list keeps: at 300,000 URLs, reading them all takes longer than API Gateway waits.
    exportAnswer(await withKeptRecords(competitorUrlsCsv), 'competitor-urls'),

  'POST /api/competitor-urls': async ({ body }) => ({
    status: 201,
    body: { success: true, competitorUrl: await addCompetitorUrl(body) },
  }),

  'POST /api/competitor-urls/import': async ({ headers, rawBody }) =>
    startImport(
      'competitor-urls',
      await importFileOf('competitor-urls', headers['content-type'], rawBody, { take: true }),
    ),

  'GET /api/competitor-urls/product/{productId}': async ({ params }) => ({
    body: { success: true, competitorUrls: await getCompetitorUrlsOfProduct(params.productId) },
  }),

  'GET /api/competitor-urls/{id}': async ({ params }) => ({
    body: { success: true, competitorUrl: await getCompetitorUrlDetail(params.id) },
  }),

  'PUT /api/competitor-urls/{id}': async ({ params, body }) => ({
    body: { success: true, competitorUrl: await editCompetitorUrl(params.id, body) },
  }),

  'POST /api/competitor-urls/{id}/accept-price': async (request) => ({
    body: {
      success: true,
      competitorUrl: await decidePrice(
        request.params.id,
        'accept',
        request.body.checked_at,
        sessionOf(request).user,
      ),
    },
  }),

  'POST /api/competitor-urls/{id}/reject-price': async (request) => ({
    body: {
      success: true,
      competitorUrl: await decidePrice(
        request.params.id,
        'reject',
        request.body.checked_at,
        sessionOf(request).user,
      ),
    },
  }),

  'GET /api/competitor-urls/{id}/price-candidates': async ({ params }) => ({
    body: { success: true, ...(await priceCandidatesOf(params.id)) },
  }),

  'PUT /api/competitor-urls/{id}/price-pin': async (request) => ({
    body: {
      success: true,
      competitorUrl: await pinPrice(request.params.id, request.body.candidate_id, sessionOf(request).user),
    },
  }),

  'DELETE /api/competitor-urls/{id}/price-pin': async ({ params }) => ({
    body: { success: true, competitorUrl: await unpinPrice(params.id) },
  }),

  'DELETE /api/competitor-urls/{id}': async ({ params }) => {
    await removeCompetitorUrl(params.id);
    return { body: { success: true } };
  },
});
