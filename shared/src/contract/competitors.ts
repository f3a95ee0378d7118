import * as z from 'zod';
import { competitorInputSchema, competitorSchema } from '../competitors';
import { discoveryJobSchema, discoverySettingsSchema } from '../discovery';
import { defineRoutes, errors, idParams, successSchema } from './route';

const discoveryAnswer = z.strictObject({ success: z.literal(true), discovery: discoveryJobSchema });
const settingsAnswer = z.strictObject({ success: z.literal(true), settings: discoverySettingsSchema });
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
  {
    method: 'POST',
    path: '/api/competitors/{id}/discover',
    summary:
      "Start discovering the competitor's products (admins only): its sitemaps' pages and its feeds are read, then matched against the catalogue as suggestions. 409 while its discovery runs.",
    request: { params: idParams },
    responses: { 202: discoveryAnswer, ...errors(400, 401, 403, 404, 409, 500) },
  },
  {
    method: 'GET',
    path: '/api/competitors/{id}/discovery',
    summary: "The competitor's latest discovery job and its progress; `discovery` is null before the first",
    request: { params: idParams },
    responses: {
      200: z.strictObject({ success: z.literal(true), discovery: discoveryJobSchema.nullable() }),
      ...errors(400, 401, 404, 500),
    },
  },
  {
    method: 'GET',
    path: '/api/discovery-settings',
    summary:
      'How discovery reads and matches: pages per job, the least name score suggested, the reasons accepted on their own',
    request: {},
    responses: { 200: settingsAnswer, ...errors(401, 500) },
  },
  {
    method: 'PUT',
    path: '/api/discovery-settings',
    summary: 'Change how discovery reads and matches (admins only)',
    request: { body: discoverySettingsSchema },
    responses: { 200: settingsAnswer, ...errors(400, 401, 403, 415, 500) },
  },
);
