import * as z from 'zod';
import { competitorHostSchema, hostSettingsInputSchema } from '../competitor-hosts';
import { defineRoutes, errors } from './route';

/** A host name as the lists show it: lower case letters, digits, dots and hyphens. */
const hostParams = z.object({
  host: z
    .string()
    .max(253, 'host must be a host name')
    .regex(
      /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/,
      'host must be a host name, in lower case',
    ),
});

const hostAnswer = z.strictObject({ success: z.literal(true), host: competitorHostSchema });

export const competitorHostRoutes = defineRoutes(
  {
    method: 'GET',
    path: '/api/competitor-hosts',
    summary:
      'Every host the competitor URLs are on: how its checks went (its last run, its success rate over 5 runs), how it is fetched, and what to do when it fails',
    request: {},
    responses: {
      200: z.strictObject({ success: z.literal(true), hosts: z.array(competitorHostSchema) }),
      ...errors(401, 500),
    },
  },
  {
    method: 'PUT',
    path: '/api/competitor-hosts/{host}',
    summary:
      "Set how a host is fetched (admins only): fetch mode, render wait, spacing, proxy. The proxy's password is write-only: left out, the stored one stays.",
    request: { params: hostParams, body: hostSettingsInputSchema },
    responses: { 200: hostAnswer, ...errors(400, 401, 403, 404, 415, 500) },
  },
);
