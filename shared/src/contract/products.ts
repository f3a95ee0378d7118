import * as z from 'zod';
import { productInputSchema, productSchema } from '../catalogue';
import { importByUploadSchema, importUploadAnswerSchema, importUploadRequestSchema } from '../import-upload';
import { pageFieldsShape, productListQuerySchema } from '../list-query';
import { csvImportRequest, csvImportResponses } from './csv-import';
import { csvFileSchema, csvUploadSchema, defineRoutes, errors, idParams, successSchema } from './route';

const productAnswer = z.strictObject({ success: z.literal(true), product: productSchema });

const csvValue = z.union([z.string(), z.number(), z.null()]);

/** What a products CSV would do, written nowhere (docs/api.md#import-preview). */
export const productImportPreviewSchema = z.strictObject({
  success: z.literal(true),
  /** Rows whose SKU no product has: created as shown. `row` is the file's line (the header is row 1). */
  new_products: z.array(
    z.strictObject({
      row: z.number().int(),
      sku: z.string(),
      name: z.string(),
      current_price: z.number(),
      cost: z.number().nullable(),
      category: z.string().nullable(),
      gtin: z.string().nullable(),
      mpn: z.string().nullable(),
      brand: z.string().nullable(),
    }),
  ),
  /** Existing products (matched by SKU, ignoring case) the file changes, with old → new per field. */
  changed_products: z.array(
    z.strictObject({
      row: z.number().int(),
      id: z.number().int(),
      sku: z.string(),
      /** The product's name today. */
      name: z.string(),
      changes: z.array(
        z.strictObject({
          field: z.enum(['name', 'current_price', 'cost', 'category', 'gtin', 'mpn', 'brand']),
          old: csvValue,
          new: csvValue,
        }),
      ),
    }),
  ),
  /** Rows matching a product that already holds their values. */
  unchanged: z.number().int(),
  /** Categories the import would create. */
  new_categories: z.array(z.string()),
  /** Every refused row: the import reports each as `Row N: <message>`. `sku` is the cell as written, null when blank. */
  errors: z.array(z.strictObject({ row: z.number().int(), sku: z.string().nullable(), message: z.string() })),
});
export type ProductImportPreview = z.infer<typeof productImportPreviewSchema>;

export const productRoutes = defineRoutes(
  {
    method: 'GET',
    path: '/api/products',
    summary: 'The whole catalogue, hidden products included; a page of it with `page` (docs/api.md#lists)',
    request: { query: productListQuerySchema },
    responses: {
      200: z.strictObject({ success: z.literal(true), products: z.array(productSchema), ...pageFieldsShape }),
      ...errors(400, 401, 406, 500),
    },
  },
  {
    method: 'POST',
    path: '/api/products',
    summary: 'Add a product',
    request: { body: productInputSchema },
    responses: { 201: productAnswer, ...errors(400, 401, 404, 409, 415, 500) },
  },
  {
    method: 'POST',
    path: '/api/products/import',
    summary:
      'Import products from a CSV file (docs/rules.md#9-csv-import): 200 with the result, or 202 with the job when it takes longer (docs/api.md#imports)',
    request: csvImportRequest,
    responses: csvImportResponses,
  },
  {
    method: 'POST',
    path: '/api/imports/uploads',
    summary:
      'A presigned form to send a large CSV (up to 50 MB) straight to storage, then import it by its upload_id (docs/api.md#uploads)',
    request: { body: importUploadRequestSchema },
    responses: { 201: importUploadAnswerSchema, ...errors(400, 401, 413, 415, 500) },
  },
  {
    method: 'POST',
    path: '/api/products/import/preview',
    readOnly: true,
    summary: 'What importing a products CSV would do, writing nothing (same upload as the import)',
    request: { multipart: csvUploadSchema, jsonInstead: importByUploadSchema },
    responses: { 200: productImportPreviewSchema, ...errors(400, 401, 404, 413, 415, 500) },
  },
  {
    method: 'PUT',
    path: '/api/products/{id}',
    summary: 'Change a product',
    request: { params: idParams, body: productInputSchema },
    responses: { 200: productAnswer, ...errors(400, 401, 404, 409, 415, 500) },
  },
  {
    method: 'DELETE',
    path: '/api/products/{id}',
    summary: 'Delete a product with its competitor URLs and their price history',
    request: { params: idParams },
    responses: { 200: successSchema, ...errors(400, 401, 404, 500) },
  },
  {
    method: 'GET',
    path: '/api/products/{id}/price-history.csv',
    summary: "Every kept check of the product's competitor URLs, newest first, as a CSV download",
    produces: 'text/csv',
    request: { params: idParams },
    responses: { 200: csvFileSchema, ...errors(400, 401, 404, 406, 500) },
  },
  {
    method: 'PATCH',
    path: '/api/products/{id}/toggle-hidden',
    summary: 'Hide a product from the dashboard, or show it again',
    request: { params: idParams },
    responses: {
      200: productAnswer.extend({ message: z.string() }),
      ...errors(400, 401, 404, 409, 500),
    },
  },
);
