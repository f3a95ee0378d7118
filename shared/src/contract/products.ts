import * as z from 'zod';
import { importResultSchema, productInputSchema, productSchema } from '../catalogue';
import { csvFileSchema, csvUploadSchema, defineRoutes, errors, idParams, successSchema } from './route';

const productAnswer = z.strictObject({ success: z.literal(true), product: productSchema });

export const productRoutes = defineRoutes(
  {
    method: 'GET',
    path: '/api/products',
    summary: 'The whole catalogue, hidden products included',
    request: {},
    responses: {
      200: z.strictObject({ success: z.literal(true), products: z.array(productSchema) }),
      ...errors(401, 406, 500),
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
    summary: 'Import products from a CSV file (docs/rules.md#9-csv-import)',
    request: { multipart: csvUploadSchema },
    responses: { 200: importResultSchema, ...errors(400, 401, 413, 415, 500) },
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
