import { readImport, startImport } from '../catalogue/csv/import-job';
import { maxRowsOf } from '../catalogue/csv/import-limits';
import { createLargeUpload, importFileOf } from '../catalogue/csv/large-upload';
import { previewProductImport } from '../catalogue/csv/product-import';
import { decodeUtf8 } from '../catalogue/csv/upload';
import {
  addProduct,
  editProduct,
  ownPriceHistory,
  removeProduct,
  toggleProductHidden,
} from '../catalogue/products';
import { readEntrySettings } from '../config';
import { priceHistoryCsv } from '../exports/price-history-export';
import { exportAnswer } from '../http/export-answer';
import { groupHandler, sessionOf } from '../http/http-handler';
import { keptComparisonList, productList } from '../http/list-pages';
import { applySuggestions } from '../pricing/apply-suggestions';

readEntrySettings(process.env);

/**
 * The products route group: the catalogue, one product, visibility, CSV import and its preview,
 * a large file's upload slot and either import's job, a product's price history (as CSV; our own
 * price's as JSON), and applying suggested prices (issue 33).
 */
export const handler = groupHandler('products', {
  'GET /api/products': {
    cache: 'catalogue',
    run: async ({ query }) => {
      const { rows, paging } = await productList(query);
      return { body: { success: true, products: rows, ...paging } };
    },
  },

  'POST /api/products': async ({ body }) => ({
    status: 201,
    body: { success: true, product: await addProduct(body) },
  }),

  'POST /api/products/import': async ({ headers, rawBody }) =>
    startImport('products', await importFileOf('products', headers['content-type'], rawBody, { take: true })),

  'POST /api/imports/uploads': async ({ body }) => ({ status: 201, body: await createLargeUpload(body) }),

  'GET /api/imports/{id}': async ({ params }) => ({
    body: { success: true, import: await readImport(params.id) },
  }),

  'POST /api/products/import/preview': async ({ headers, rawBody }) => {
    const file = await importFileOf('products', headers['content-type'], rawBody, { take: false });
    return { body: await previewProductImport(decodeUtf8(file.content), maxRowsOf(file)) };
  },

  'PUT /api/products/{id}': async (request) => ({
    body: {
      success: true,
      product: await editProduct(request.params.id, request.body, `user:${sessionOf(request).user.id}`),
    },
  }),

  'DELETE /api/products/{id}': async ({ params }) => {
    await removeProduct(params.id);
    return { body: { success: true } };
  },

  'GET /api/products/{id}/price-history.csv': async ({ params }) => {
    const { sku, csv } = await priceHistoryCsv(params.id);
    return exportAnswer(csv, `price-history-${sku}`);
  },

  'PATCH /api/products/{id}/toggle-hidden': async ({ params }) => ({
    body: { success: true, ...(await toggleProductHidden(params.id)) },
  }),

  'POST /api/price-suggestions/apply': async (request) => ({
    body: {
      success: true,
      ...(await applySuggestions(
        sessionOf(request).user,
        await keptComparisonList(),
        request.body.product_ids,
      )),
    },
  }),

  'GET /api/products/{id}/price-history': async ({ params }) => ({
    body: { success: true, own_prices: await ownPriceHistory(params.id) },
  }),
});
