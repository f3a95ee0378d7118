import * as z from 'zod';
import {
  ALERT_KINDS,
  alertChannelSchema,
  alertKindSchema,
  alertSchema,
  alertSettingsInputSchema,
  alertSettingsSchema,
  channelIdSchema,
  DEFAULT_ALERTS_LIMIT,
  MAX_ALERTS_LIMIT,
} from '../alerts';
import { idText } from '../ids';
import { defineRoutes, errors } from './route';

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${MAX_ALERTS_LIMIT}`;

const alertsQuery = z.object({
  limit: z
    .string()
    .regex(/^\d{1,4}$/, LIMIT_MESSAGE)
    .transform(Number)
    .pipe(z.number().int().min(1, LIMIT_MESSAGE).max(MAX_ALERTS_LIMIT, LIMIT_MESSAGE))
    .default(DEFAULT_ALERTS_LIMIT),
  kind: z.enum(ALERT_KINDS, `kind must be one of ${ALERT_KINDS.join(', ')}`).optional(),
  product_id: idText('product_id').optional(),
});

const settingsAnswer = z.strictObject({ success: z.literal(true), settings: alertSettingsSchema });

export const alertRoutes = defineRoutes(
  {
    method: 'GET',
    path: '/api/alert-settings',
    summary: 'Which alerts are on, their thresholds and the channels they go to (secrets only as a hint)',
    request: {},
    responses: { 200: settingsAnswer, ...errors(401, 500) },
  },
  {
    method: 'PUT',
    path: '/api/alert-settings',
    summary:
      'Replace the alert settings (admins only). A new webhook channel gets its signing secret in this answer only.',
    request: { body: alertSettingsInputSchema },
    responses: {
      200: z.strictObject({
        success: z.literal(true),
        settings: alertSettingsSchema.extend({
          channels: z.array(
            alertChannelSchema.extend({
              /** A newly created webhook channel's signing secret: in this answer only, never again. */
              secret: z.string().optional(),
            }),
          ),
        }),
      }),
      ...errors(400, 401, 403, 415, 500),
    },
  },
  {
    method: 'POST',
    path: '/api/alert-settings/channels/{id}/test',
    summary: 'Send a test message to one channel, and record how it went',
    request: { params: z.object({ id: channelIdSchema }), body: z.object({}).strict() },
    responses: {
      200: z.strictObject({ success: z.literal(true), ok: z.boolean(), message: z.string() }),
      ...errors(400, 401, 403, 404, 415, 500),
    },
  },
  {
    method: 'GET',
    path: '/api/alerts',
    summary: 'The latest alerts, newest first, with how each channel took them',
    request: { query: alertsQuery },
    responses: {
      200: z.strictObject({ success: z.literal(true), alerts: z.array(alertSchema) }),
      ...errors(400, 401, 500),
    },
  },
  {
    method: 'GET',
    path: '/api/alerts/since-last-run',
    summary:
      'The products with an alert since the latest whole-catalogue run ended, with their kinds (the dashboard marks them)',
    request: {},
    responses: {
      200: z.strictObject({
        success: z.literal(true),
        /** When the latest whole-catalogue run ended; null before the first (then every alert counts). */
        since: z.string().nullable(),
        products: z.array(z.strictObject({ product_id: z.number().int(), kinds: z.array(alertKindSchema) })),
      }),
      ...errors(401, 500),
    },
  },
);
