import * as z from 'zod';
import { competitorUrlInputSchema, competitorUrlSchema, priceCandidateSchema } from '../catalogue';
import { competitorUrlDetailSchema } from '../competitor-url-detail';
import { idNumber } from '../ids';
import { competitorUrlListQuerySchema, pageFieldsShape } from '../list-query';
import { csvImportRequest, csvImportResponses } from './csv-import';
import { csvFileSchema, defineRoutes, errors, idParams, productIdParams, successSchema } from './route';

const listAnswer = z.strictObject({ success: z.literal(true), competitorUrls: z.array(competitorUrlSchema) });
const oneAnswer = z.strictObject({ success: z.literal(true), competitorUrl: competitorUrlSchema });

/** Which held check a person decides on: its `last_check.checked_at`, so a stale dialog decides nothing. */
const reviewDecision = z.strictObject({
  checked_at: z.string().min(1, 'checked_at is required').max(40),
});

export const competitorUrlRoutes = defineRoutes(
  {
    method: 'GET',
    path: '/api/competitor-urls',
    summary: 'Every competitor URL with its product; a page of them with `page` (docs/api.md#lists)',
    request: { query: competitorUrlListQuerySchema },
    responses: { 200: listAnswer.extend(pageFieldsShape), ...errors(400, 401, 406, 500) },
  },
  {
    method: 'GET',
    path: '/api/competitor-urls/export.csv',
    summary: 'Every competitor URL with its product, last check and accepted price, as a CSV download',
    produces: 'text/csv',
    request: {},
    responses: { 200: csvFileSchema, ...errors(401, 406, 500) },
  },
  {
    method: 'POST',
    path: '/api/competitor-urls',
    summary: "Add a competitor URL to a product (docs/rules.md's URL policy applies)",
    request: { body: competitorUrlInputSchema },
    responses: { 201: oneAnswer, ...errors(400, 401, 404, 409, 415, 500) },
  },
  {
    method: 'POST',
    path: '/api/competitor-urls/import',
    summary:
      'Import competitor URLs from a CSV file (docs/rules.md#9-csv-import): 200 with the result, or 202 with the job when it takes longer (docs/api.md#imports)',
    request: csvImportRequest,
    responses: csvImportResponses,
  },
  {
    method: 'GET',
    path: '/api/competitor-urls/product/{productId}',
    summary: "A product's competitor URLs",
    request: { params: productIdParams },
    responses: { 200: listAnswer, ...errors(400, 401, 404, 500) },
  },
  {
    method: 'GET',
    path: '/api/competitor-urls/{id}',
    summary: 'A competitor URL with its price history, newest first',
    request: { params: idParams },
    responses: {
      200: z.strictObject({ success: z.literal(true), competitorUrl: competitorUrlDetailSchema }),
      ...errors(400, 401, 404, 500),
    },
  },
  {
    method: 'PUT',
    path: '/api/competitor-urls/{id}',
    summary: 'Change a competitor URL',
    request: { params: idParams, body: competitorUrlInputSchema },
    responses: { 200: oneAnswer, ...errors(400, 401, 404, 409, 415, 500) },
  },
  {
    method: 'POST',
    path: '/api/competitor-urls/{id}/accept-price',
    summary:
      'Accept the price the latest check held for review (docs/rules.md#plausibility-gate): the comparison uses it from now on',
    request: { params: idParams, body: reviewDecision },
    responses: { 200: oneAnswer, ...errors(400, 401, 404, 409, 415, 500) },
  },
  {
    method: 'POST',
    path: '/api/competitor-urls/{id}/reject-price',
    summary:
      'Reject the price the latest check held for review: the comparison keeps the last accepted price, and finding it again does not confirm it',
    request: { params: idParams, body: reviewDecision },
    responses: { 200: oneAnswer, ...errors(400, 401, 404, 409, 415, 500) },
  },
  {
    method: 'GET',
    path: '/api/competitor-urls/{id}/price-candidates',
    summary:
      "Every price the URL's latest check that read the page considered, for a person to pick the right one (docs/rules.md#price-pins)",
    request: { params: idParams },
    responses: {
      200: z.strictObject({
        success: z.literal(true),
        candidates: z.array(priceCandidateSchema),
        /** When that check ran; null when no check has read the page yet. */
        checked_at: z.string().nullable(),
      }),
      ...errors(400, 401, 404, 500),
    },
  },
  {
    method: 'PUT',
    path: '/api/competitor-urls/{id}/price-pin',
    summary:
      "Pin one of the URL's price candidates: later checks read the price at its place first (docs/rules.md#price-pins)",
    request: { params: idParams, body: z.strictObject({ candidate_id: idNumber('candidate_id') }) },
    responses: { 200: oneAnswer, ...errors(400, 401, 404, 409, 415, 500) },
  },
  {
    method: 'DELETE',
    path: '/api/competitor-urls/{id}/price-pin',
    summary: "Remove the URL's price pin: checks weigh the page's prices again",
    request: { params: idParams },
    responses: { 200: oneAnswer, ...errors(400, 401, 404, 500) },
  },
  {
    method: 'DELETE',
    path: '/api/competitor-urls/{id}',
    summary: 'Delete a competitor URL with its price history',
    request: { params: idParams },
    responses: { 200: successSchema, ...errors(400, 401, 404, 500) },
  },
);
