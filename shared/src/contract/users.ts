import * as z from 'zod';
import { activityPageSchema, activityQuerySchema } from '../activity';
import { managedUserSchema, newUserRequestSchema, userAnswerSchema, userChangeSchema } from '../users';
import { defineRoutes, errors, idParams } from './route';

/** Users in the app: admins only (staff get 403). `npm run user:add` stays for the first admin. */
export const userRoutes = defineRoutes(
  {
    method: 'GET',
    path: '/api/activity',
    summary:
      'Every change made through the API, newest first, with who made it and before → after for prices; filtered by user, kind and days (admins only)',
    request: { query: activityQuerySchema },
    responses: { 200: activityPageSchema, ...errors(400, 401, 403, 500) },
  },
  {
    method: 'GET',
    path: '/api/users',
    summary: 'Every user with their role, whether disabled, when added and when last signed in (admins only)',
    request: {},
    responses: {
      200: z.strictObject({ success: z.literal(true), users: z.array(managedUserSchema) }),
      ...errors(401, 403, 500),
    },
  },
  {
    method: 'POST',
    path: '/api/users',
    summary:
      'Add a user (admins only). Without a password a one-time password is generated and returned in this answer only.',
    request: { body: newUserRequestSchema },
    responses: { 201: userAnswerSchema, ...errors(400, 401, 403, 409, 415, 500) },
  },
  {
    method: 'PATCH',
    path: '/api/users/{id}',
    summary:
      'Disable or enable a user (disabling ends their sessions), change their role, or reset their password (a new one in this answer only, and their sessions end). Admins only; the last active admin cannot be disabled or demoted (409).',
    request: { params: idParams, body: userChangeSchema },
    responses: { 200: userAnswerSchema, ...errors(400, 401, 403, 404, 409, 415, 500) },
  },
);
