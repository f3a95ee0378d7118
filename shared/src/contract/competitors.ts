import * as z from 'zod';
import { competitorInputSchema, competitorSchema } from '../competitors';
import { defineRoutes, errors, idParams, successSchema } from './route';

const competitorAnswer = z.strictObject({ success: z.literal(true), competitor: competitorSchema });

export const competitorRoutes = defineRoutes(
  {
    method: 'GET',
    path: '/api/competitors',
    summary: 'Every competitor: its domain, sitemaps, feeds and how many competitor URLs are on its domain',
    request: {},
    responses: {
      200: z.strictObject({ success: z.literal(true), competitors: z.array(competitorSchema) }),
      ...errors(401, 500),
    },
  },
  {
    method: 'POST',
    path: '/api/competitors',
    summary:
      "Add a competitor (admins only). Sitemaps left out are found from its robots.txt's Sitemap lines when products are discovered.",
    request: { body: competitorInputSchema },
    responses: { 201: competitorAnswer, ...errors(400, 401, 403, 409, 415, 500) },
  },
  {
    method: 'PUT',
    path: '/api/competitors/{id}',
    summary: 'Change a competitor (admins only)',
    request: { params: idParams, body: competitorInputSchema },
    responses: { 200: competitorAnswer, ...errors(400, 401, 403, 404, 409, 415, 500) },
  },
  {
    method: 'DELETE',
    path: '/api/competitors/{id}',
    summary: 'Delete a competitor (admins only); its competitor URLs stay',
    request: { params: idParams },
    responses: { 200: successSchema, ...errors(400, 401, 403, 404, 500) },
  },
);
